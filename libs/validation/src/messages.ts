import type { MessageKey } from '@shelfscan/messages';

/**
 * Every message a shared rule can give. They are keys of the one catalogue (@shelfscan/messages),
 * which words them in Turkish and US English for the gateway and the web app: the compiler holds
 * both lists to it (`satisfies`).
 */
export const VALIDATION_MESSAGES = [
  'required',
  'tooLong',
  'nameInvalid',
  'surnameInvalid',
  'emailInvalid',
  'phoneMin',
  'phoneInvalid',
  'passwordMin',
  'passwordMax',
  'passwordCommon',
  'passwordRequired',
  'passwordNotHere',
  'confirmPassword',
  'terms',
  'codeInvalid',
  'keyRequired',
  'langInvalid',
  'asinInvalid',
  'asinTooMany',
  // Scans: the market, the categories and the store-URL intake's verdicts (@shelfscan/markets).
  'marketInvalid',
  'categoriesInvalid',
  'storeUrlNotAUrl',
  'storeUrlNotAmazon',
  'storeUrlMarketNotSupported',
  'storeUrlNoSellerId',
  'storeUrlInvalidSellerId',
  'storeUrlWrongMarket',
  'deepNotInMarket',
  'functionalNotInMarket',
  'searchTypeInvalid',
  'batchTooManyStores',
  // Trackers (issue 18).
  'scheduleInvalid',
  'hourInvalid',
  'weekdayInvalid',
  'trackerTypeInvalid',
  'booleanInvalid',
  'starRange',
  'priceInvalid',
  'rangeInvalid',
  'cardHolderInvalid',
  'cardNumberInvalid',
  'expiryMonthInvalid',
  'expiryYearInvalid',
  'cardExpired',
  'cvcInvalid',
  'pageInvalid',
  // Admin forms (issue 11): the keys the billing and admin services already answer with.
  'amountInvalid',
  'dateInvalid',
  'promotionCodeInvalid',
  'promotionTypeInvalid',
  'promotionValueInvalid',
  'parameterInteger',
  'parameterNumber',
  'parameterPositive',
  'parameterPercent',
  'parameterDunningDays',
  'parameterRequired',
  'parameterPhone',
  'parameterEmail',
  // Promotions and plans granted by hand: the gateway checks the forms' rules (promotionRequest,
  // grantPlanRequest); billing checks the days against its Clock.
  'promotionPercentMax',
  'promotionCountMin',
  'minimumBasketInvalid',
  'promotionExpiryPast',
  'featuresRequired',
  'periodEndPast',
  // API tokens (issue 19).
  'apiTokenScopeInvalid',
  'apiTokenScopesRequired',
  'apiTokenExpiryInvalid',
  'apiTokenExpiryPast',
  // Webhooks (issue 18): the request's rules; the target rules (https, public address) are the search service's.
  'webhookUrlInvalid',
  'webhookUrlNotHttps',
  'webhookUrlPrivate',
  'webhookUrlUnresolved',
  'webhookEventsInvalid',
  'webhookTooMany',
] as const satisfies readonly MessageKey[];

/**
 * Messages of rules only the web forms apply so far (the servers accept these values or have no such
 * field yet); a rule the gateway takes over moves its key to VALIDATION_MESSAGES.
 */
export const FORM_ONLY_MESSAGES = [
  // A refund's amount is typed in TRY here and sent in kuruş (amountKurus); billing answers
  // refundTooMuch with what is left.
  'amountPositive',
  'refundAmountTooHigh',
] as const satisfies readonly MessageKey[];

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number] | (typeof FORM_ONLY_MESSAGES)[number];
