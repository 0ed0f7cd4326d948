import path from 'node:path';
import { isMessageKey } from '@shelfscan/messages';
import ts from 'typescript';

/**
 * Every bus error billing throws carries a key of the message catalogue as its message (issue 21):
 * the gateway words it in the caller's language, and dynamic details travel in `detail`. The type
 * checker reads each `new BusError(code, message, …)`: the message must be a string literal, or a
 * union of string literals, every one of them a catalogue key.
 */
describe('billing bus errors', () => {
  it('carry a catalogue key as their message, never prose', () => {
    const configPath = path.join(__dirname, '..', 'tsconfig.json');
    const { config } = ts.readConfigFile(configPath, (f) => ts.sys.readFile(f));
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
    const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
    const checker = program.getTypeChecker();
    const found: string[] = [];
    const wrong: string[] = [];
    for (const file of program.getSourceFiles()) {
      if (!file.fileName.startsWith(__dirname) || file.fileName.endsWith('.spec.ts')) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isNewExpression(node) && node.expression.getText(file) === 'BusError') {
          const arg = node.arguments?.[1];
          const type = arg && checker.getTypeAtLocation(arg);
          const members = type ? (type.isUnion() ? type.types : [type]) : [];
          const values = members.map((m) => (m.isStringLiteral() ? m.value : undefined));
          const where = `${path.relative(__dirname, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} ${arg?.getText(file) ?? '(none)'}`;
          found.push(where);
          if (!values.length || !values.every((v) => isMessageKey(v))) wrong.push(where);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(found.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
