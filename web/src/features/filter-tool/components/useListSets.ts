/**
 * State and actions of the set operations (issue 19): the named lists (from a completed scan's
 * download, a paste or a text file), the operation, "my own store" (kept in this browser's
 * localStorage, per user) and the result. The lists and results live in the Web Worker
 * (asinTasks.ts `asinLists`, set-ops.ts): this state holds only names, counts and a bounded preview,
 * and the .txt/.csv are written there when copied or downloaded.
 */
import { startTransition, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useSession } from '../../../app/useSession';
import { fetchFile, saveBlob } from '../../../lib/download';
import { asinLists } from '../asinTasks';
import { MAX_LISTS, type SetCombineResult, type SetOperation } from '../set-ops';

export interface NamedList {
  id: string;
  name: string;
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
  /** An operation is running: only the compute button waits (see `compute`). */
  const [computing, setComputing] = useState(false);
  /** Bumped by every change that drops the result: an operation started before it is not shown. */
  const ticket = useRef(0);
  const [copied, setCopied] = useState(false);
  const clearResult = useCallback(() => {
    ticket.current++;
    setResult(null);
  }, []);
  /** The "my store" the worker holds (as 'myStore'), to send it again when it changes. */
  const storeSent = useRef<MyStore | null>(null);

  /** Adds a list from its text's bytes (a file's or a download's as they are, a paste encoded). */
  const add = useCallback(
    async (name: string, bytes: Uint8Array) => {
      const id = `list${nextId++}`;
      setLists((all) => [...all, { id, name, size: null, chosen: all.length < MAX_LISTS }]);
      clearResult();
      const size = await asinLists.load(id, bytes);
      setLists((all) => all.map((l) => (l.id === id ? { ...l, size } : l)));
    },
    [clearResult],
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
        await add(scan.fileName, new Uint8Array(await blob.arrayBuffer()));
      } finally {
        setLoading(false);
      }
    },
    [add, locale, token],
  );

  const rename = useCallback((id: string, name: string) => {
    setLists((all) => all.map((l) => (l.id === id ? { ...l, name } : l)));
  }, []);
  const choose = useCallback(
    (id: string, chosen: boolean) => {
      setLists((all) => all.map((l) => (l.id === id ? { ...l, chosen } : l)));
      clearResult();
    },
    [clearResult],
  );
  const remove = useCallback(
    (id: string) => {
      asinLists.drop(id);
      setLists((all) => all.filter((l) => l.id !== id));
      clearResult();
    },
    [clearResult],
  );

  /** Keeps a list as "my own store" in this browser (per user). */
  const saveAsMyStore = useCallback(
    (list: { id: string; name: string; size: number | null }) => {
      const text = new TextDecoder().decode(asinLists.bytesOf(list.id));
      const store = { name: list.name, text, size: list.size ?? 0 };
      try {
        localStorage.setItem(storeKey(email), JSON.stringify(store));
      } catch {
        // A full storage keeps it for this page only.
      }
      setMyStore(store);
      setSubtractMine(true);
      clearResult();
    },
    [clearResult, email],
  );
  const forgetMyStore = useCallback(() => {
    localStorage.removeItem(storeKey(email));
    setMyStore(null);
    setSubtractMine(false);
    clearResult();
  }, [clearResult, email]);

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

  /**
   * Runs the operation in the worker. The page's own part is small: the compute button is disabled
   * (the other controls stay as they are: disabling them all, with a spinner, was most of the page's
   * work while the worker ran), then the counts and the preview; both are transitions, rendered by
   * React in slices of a few ms, so no task of the page's thread grows long even on a loaded machine
   * (the e2e check: none over 50 ms). A change meanwhile drops the result it would show (`ticket`).
   */
  const compute = async () => {
    const op = operation();
    if (!op) return;
    const mine = ++ticket.current;
    startTransition(() => setComputing(true));
    try {
      const subtract = subtractMine && myStore ? 'myStore' : undefined;
      if (subtract && storeSent.current !== myStore) {
        await asinLists.load(subtract, new TextEncoder().encode(myStore!.text));
        storeSent.current = myStore;
      }
      const names = chosen.map((l) => l.name);
      const combined = await asinLists.combine(
        chosen.map((l) => l.id),
        op,
        subtract,
      );
      if (ticket.current === mine) startTransition(() => setResult({ ...combined, names }));
    } finally {
      startTransition(() => setComputing(false));
    }
  };

  /** The result as a file, written in the worker and handed over without a copy. */
  const file = async (format: 'txt' | 'csv') =>
    new Blob([(await asinLists.export(result!.result, format)) as Uint8Array<ArrayBuffer>], {
      type: format === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8',
    });
  const fileName = (ext: string) => `asin-lists-${result?.after ?? 0}.${ext}`;
  const downloadTxt = async () => {
    if (result) saveBlob(await file('txt'), fileName('txt'));
  };
  const downloadCsv = async () => {
    if (result) saveBlob(await file('csv'), fileName('csv'));
  };
  /**
   * Copies the result: a ClipboardItem takes the file while the worker still writes it (the click's
   * permission holds); a browser without one gets the text.
   */
  const copy = async () => {
    if (!result) return;
    const txt = file('txt');
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write)
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': txt })]);
    else await navigator.clipboard.writeText(await (await txt).text());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return {
    lists,
    chosen,
    kind,
    setKind: (value: OperationKind) => {
      setKind(value);
      clearResult();
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
      clearResult();
    },
    result,
    loading,
    computing,
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
    copy,
    copied,
  };
}
