// The English `common` and `messages` texts, one chunk (loaded by ./i18n.ts on the first English page);
// each feature's English texts are a chunk of their own (src/features/<f>/locales/en.json).
import { en, withMarkets } from '@shelfscan/messages';
import common from './locales/en.json';

export default { common, messages: withMarkets('en', en) };
