/**
 * State and actions of the set operations (issue 19): the named lists (from a completed scan's
 * download, a paste or a text file), the operation, "my own store" (kept in this browser's
 * localStorage, per user) and the result. The work runs in the Web Worker (asinTasks.ts, set-ops.ts).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useSession } from '../../../app/useSession';
import { fetchFile, saveBlob, saveTextFile } from '../../../lib/download';
import { runSetTaskAsync } from '../asinTasks';
import { MAX_LISTS, type SetCombineResult, type SetOperation } from '../set-ops';

export interface NamedList {
  id: string;
  name: string;
  text: string;
  /** Distinct ASINs, once the worker has read it. */
  size: number | null;
  chosen: boolean;
}

export type OperationKind = SetOperation['kind'];

interface MyStore {
  name: string;
  text: string;
  size: number;
}

const storeKey = (email: string | undefined) => `shelfscan.filterTool.myStore.${email ?? 'anonymous'}`;

function readStore(email: string | undefined): MyStore | null {
  try {
    const raw = localStorage.getItem(storeKey(email));
    return raw ? (JSON.parse(raw) as MyStore) : null;
  } catch {
    return null;
  }
}

let nextId = 1;

export function useListSets() {
  const { user } = useSession();
  const email = user?.sub;
  const token = useAppSelector(currentToken);
  // The panel also renders outside the router (its specs): the language is i18next's.
  const locale = useTranslation().i18n.language;
  const [lists, setLists] = useState<NamedList[]>([]);
  const [kind, setKind] = useState<OperationKind>('union');
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const [k, setK] = useState(2);
  const [myStore, setMyStore] = useState<MyStore | null>(() => readStore(email));
  const [subtractMine, setSubtractMine] = useState(false);
  const [result, setResult] = useState<(SetCombineResult & { names: string[] }) | null>(null);
  const [loading, setLoading] = useState(false);

  const sizeOf = useCallback(async (id: string, text: string) => {
    const r = await runSetTaskAsync({ kind: 'combine', lists: [{ id, text }], operation: { kind: 'union' } });
    return r.listSizes[0];
  }, []);

  const add = useCallback(
    async (name: string, text: string) => {
      const id = `list${nextId++}`;
      setLists((all) => [...all, { id, name, text, size: null, chosen: all.length < MAX_LISTS }]);
      setResult(null);
      const size = await sizeOf(id, text);
      setLists((all) => all.map((l) => (l.id === id ? { ...l, size } : l)));
    },
    [sizeOf],
  );

  /** A completed scan's ASINs, through its download route (as the dashboard downloads them). */
  const addScan = useCallback(
    async (scan: { id: string; fileName: string }) => {
      setLoading(true);
      try {
        const { blob } = await fetchFile(`/api/search-info/${encodeURIComponent(scan.id)}/download`, {
          token,
          locale,
          fallbackName: `${scan.fileName}.txt`,
        });
        await add(scan.fileName, await blob.text());
      } finally {
        setLoading(false);
      }
    },
    [add, locale, token],
  );

  const rename = useCallback((id: string, name: string) => {
    setLists((all) => all.map((l) => (l.id === id ? { ...l, name } : l)));
  }, []);
  const choose = useCallback((id: string, chosen: boolean) => {
    setLists((all) => all.map((l) => (l.id === id ? { ...l, chosen } : l)));
    setResult(null);
  }, []);
  const remove = useCallback((id: string) => {
    setLists((all) => all.filter((l) => l.id !== id));
    setResult(null);
  }, []);

  /** Keeps a list as "my own store" in this browser (per user). */
  const saveAsMyStore = useCallback(
    (list: { name: string; text: string; size: number | null }) => {
      const store = { name: list.name, text: list.text, size: list.size ?? 0 };
      try {
        localStorage.setItem(storeKey(email), JSON.stringify(store));
      } catch {
        // A full storage keeps it for this page only.
      }
      setMyStore(store);
      setSubtractMine(true);
      setResult(null);
    },
    [email],
  );
  const forgetMyStore = useCallback(() => {
    localStorage.removeItem(storeKey(email));
    setMyStore(null);
    setSubtractMine(false);
    setResult(null);
  }, [email]);

  const chosen = lists.filter((l) => l.chosen);
  const operation = (): SetOperation | null => {
    if (kind === 'difference') {
      const ia = chosen.findIndex((l) => l.id === a);
      const ib = chosen.findIndex((l) => l.id === b);
      return ia >= 0 && ib >= 0 && ia !== ib ? { kind, a: ia, b: ib } : null;
    }
    if (kind === 'atLeast') return { kind, k };
    return { kind };
  };
  const ready = (kind === 'difference' ? chosen.length >= 2 : chosen.length >= 1) && operation() !== null;

  const task = (csv: boolean) => {
    const op = operation();
    if (!op) return null;
    return {
      kind: 'combine' as const,
      lists: chosen.map((l) => ({ id: l.id, text: l.text })),
      operation: op,
      ...(subtractMine && myStore ? { subtract: { id: 'myStore', text: myStore.text } } : {}),
      csv,
    };
  };

  const compute = async () => {
    const t = task(false);
    if (!t) return;
    setLoading(true);
    try {
      setResult({ ...(await runSetTaskAsync(t)), names: chosen.map((l) => l.name) });
    } finally {
      setLoading(false);
    }
  };

  const fileName = (ext: string) => `asin-lists-${result?.after ?? 0}.${ext}`;
  const downloadTxt = () => {
    if (result) saveTextFile(result.text, fileName('txt'));
  };
  const downloadCsv = async () => {
    const t = task(true);
    if (!t || !result) return;
    const { csv = '' } = await runSetTaskAsync(t);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName('csv'));
  };

  return {
    lists,
    chosen,
    kind,
    setKind: (value: OperationKind) => {
      setKind(value);
      setResult(null);
    },
    a,
    b,
    setA,
    setB,
    k,
    setK,
    myStore,
    subtractMine,
    setSubtractMine: (value: boolean) => {
      setSubtractMine(value);
      setResult(null);
    },
    result,
    loading,
    ready,
    add,
    addScan,
    rename,
    choose,
    remove,
    saveAsMyStore,
    forgetMyStore,
    compute,
    downloadTxt,
    downloadCsv,
  };
}
