// What the checkout page offers (D20): without a choice, every method the sandbox account enables (crypto with a
// few stablecoins, and card); with a chosen crypto pair, that pair alone, or (offerAllMethods) that pair first with
// the account's other methods after it, as the service itself does.
import type { Checkout, CreateCheckoutRequest } from '../../../generated/openapi.js';

type PaymentMethodOptions = Checkout['paymentMethodOptions'];
type CryptoPaymentOption = NonNullable<PaymentMethodOptions['crypto']>[number];

// Display names of well-known codes; any other code the schema accepts is shown by its code. Maps, not objects: a
// network the schema accepts may be called `__proto__` or `constructor`.
const CURRENCY_NAMES = new Map(
  Object.entries({
    usdt: 'Tether USD',
    usdc: 'USD Coin',
    dai: 'Dai',
    btc: 'Bitcoin',
    eth: 'Ether',
    trx: 'TRON',
  }),
);
const NETWORK_NAMES = new Map(
  Object.entries({
    tron: 'Tron (TRC-20)',
    ethereum: 'Ethereum (ERC-20)',
    polygon: 'Polygon',
    bsc: 'BNB Smart Chain (BEP-20)',
    solana: 'Solana',
    bitcoin: 'Bitcoin',
  }),
);

const ENABLED_BY_DEFAULT: Array<[currency: string, networks: string[]]> = [
  ['usdt', ['tron', 'ethereum']],
  ['usdc', ['ethereum']],
];

export function describePaymentMethods(
  request: CreateCheckoutRequest,
  offerAllMethods: boolean,
): Pick<Checkout, 'paymentMethodTypes' | 'paymentMethodOptions'> {
  const chosen = request.payment_method_data?.paymentMethodDetail;
  if (chosen && !offerAllMethods) {
    return {
      paymentMethodTypes: ['crypto'],
      paymentMethodOptions: { crypto: [describeCrypto(chosen.currency, [chosen.network])], card: null },
    };
  }
  if (chosen) {
    const others = ENABLED_BY_DEFAULT.filter(([currency]) => currency !== chosen.currency.toLowerCase());
    return {
      paymentMethodTypes: ['crypto', 'card'],
      paymentMethodOptions: {
        crypto: [
          describeCrypto(chosen.currency, [chosen.network]),
          ...others.map(([currency, networks]) => describeCrypto(currency, networks)),
        ],
        card: null,
      },
    };
  }
  return {
    paymentMethodTypes: ['crypto', 'card'],
    paymentMethodOptions: {
      crypto: ENABLED_BY_DEFAULT.map(([currency, networks]) => describeCrypto(currency, networks)),
      card: null,
    },
  };
}

function describeCrypto(currency: string, networks: string[]): CryptoPaymentOption {
  const code = currency.toLowerCase();
  return {
    currency: { value: currency, name: CURRENCY_NAMES.get(code) ?? currency.toUpperCase(), logo: `/static/logos/${code}.svg` },
    networks: networks.map((network) => ({ value: network, name: NETWORK_NAMES.get(network.toLowerCase()) ?? network })),
  };
}
