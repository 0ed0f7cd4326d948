import { NO_NODE, createStore } from './store.js';

describe('departmentIds: top-level departments under given (real) node ids', () => {
  it('renames only the named top-level departments; the listings stay the same', () => {
    const plain = createStore({ seed: 'dept-ids', size: 500 });
    const roots = plain.roots.map((i) => plain.nodes[i]);
    const [first, second] = roots;
    const named = createStore({
      seed: 'dept-ids',
      size: 500,
      departmentIds: { [first.name]: '667823011', 'No Such Department': '1' },
    });
    expect(named.nodes[first.index].id).toBe('667823011');
    expect(named.nodeById.get('667823011')).toBe(first.index);
    expect(named.nodes[second.index].id).toBe(second.id);
    // Children keep their derived ids; ASINs, titles, prices and department members are unchanged.
    const child = plain.nodes.find((n) => n.parent !== NO_NODE)!;
    expect(named.nodes[child.index].id).toBe(child.id);
    expect(named.asins).toEqual(plain.asins);
    expect(Array.from(named.prices)).toEqual(Array.from(plain.prices));
    expect(Array.from(named.nodes[first.index].members)).toEqual(Array.from(first.members));
  });
});
