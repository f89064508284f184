// Where a client's word could lead the server back to this machine, for the tests of what it
// refuses to connect to.

/** Every spelling of a loopback host that a URL allows. */
export const LOOPBACK_SPELLINGS: readonly string[] = [
  '127.0.0.1',
  'localhost',
  '127.0.0.2',
  '[::1]',
  '2130706433',
  '0x7f000001',
  '127.1',
  '017700000001',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::127.0.0.1]',
  '[64:ff9b::127.0.0.1]',
  '[2002:7f00:1::]',
];
