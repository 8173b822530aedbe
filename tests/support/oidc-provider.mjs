// A real OpenID Connect provider (the `oidc-provider` package) for social sign-in tests. Run as
// `node oidc-provider.mjs`: it listens on a port of the system's choosing and prints `listening
// <port>` (a port picked beforehand could be taken by another test meanwhile); POST
// /test/redirect-uri then names the client's redirect URI (the app's, known once the app runs
// with this issuer), and POST /test/next-account chooses who signs in.
import http from 'node:http';
import Provider from 'oidc-provider';

const accounts = new Map();
let nextAccount = null;
/** Made once the redirect URI is known. */
let provider = null;
let callback = null;

const readBody = async (req) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};

const configure = (port, redirectUri) =>
  new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: 'medbook-test',
        client_secret: 'medbook-test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: ['medbook-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...accounts.get(id) }),
    }),
  });

const server = http.createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/test/redirect-uri') {
      provider = configure(server.address().port, await readBody(req));
      callback = provider.callback();
      res.writeHead(204).end();
      return;
    }
    if (!provider) {
      res.writeHead(503).end('not configured yet: POST /test/redirect-uri first');
      return;
    }
    if (req.method === 'POST' && req.url === '/test/next-account') {
      const account = JSON.parse(await readBody(req));
      accounts.set(account.sub, account);
      nextAccount = account.sub;
      res.writeHead(204).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      // Signs in whoever the test chose, and grants what the client asked for.
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({
        accountId: nextAccount,
        clientId: details.params.client_id,
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
