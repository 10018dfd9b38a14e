// braintree-web ships no types; the checkout uses only these entry points, typed in braintree-hosted-fields.ts.
declare module 'braintree-web/client' {
  import type { BraintreeClientModule } from './braintree-hosted-fields';
  const client: BraintreeClientModule;
  export default client;
}
declare module 'braintree-web/hosted-fields' {
  import type { HostedFieldsModule } from './braintree-hosted-fields';
  const hostedFields: HostedFieldsModule;
  export default hostedFields;
}
