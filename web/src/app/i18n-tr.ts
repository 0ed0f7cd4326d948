// The Turkish `common` and `messages` texts, one chunk (loaded by ./i18n.ts on the first Turkish page);
// each feature's Turkish texts are a chunk of their own (src/features/<f>/locales/tr.json).
import { tr, withMarkets } from '@shelfscan/messages';
import common from './locales/tr.json';

export default { common, messages: withMarkets('tr', tr) };
