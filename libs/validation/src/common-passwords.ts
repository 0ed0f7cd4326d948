/**
 * The most common passwords of at least 6 characters (from the public breach top lists); a
 * registration or a new password may not be one of them (case-insensitive).
 */
const COMMON = `123456 password 12345678 qwerty 123456789 12345 1234567 111111 1234567890 123123 abc123
000000 password1 iloveyou 1q2w3e4r 654321 qwertyuiop 123321 666666 987654321 7777777 121212 112233
qwerty123 1qaz2wsx 123qwe 555555 zxcvbnm asdfghjkl 1q2w3e 159753 a123456 123654 159357 monkey
dragon sunshine princess football baseball welcome shadow master letmein trustno1 superman
michael jordan23 starwars passw0rd password123 admin123 qwe123 asd123 aa123456 123abc abc12345
q1w2e3r4 q1w2e3r4t5 1234qwer qazwsx 112233445566 11111111 88888888 999999 222222 333333 444444
777777 888888 121212121 147258369 147258 789456 789456123 456789 987654 102030 101010 696969
131313 202020 zaq12wsx charlie freedom whatever internet computer samsung google hello123
secret secret123 changeme default azerty asdasd asdfgh qweasd qweasdzxc 1234abcd abcd1234
galatasaray fenerbahce besiktas trabzonspor istanbul ankara turkiye sifre123 sifre1234 parola
parola123 asdf1234 killer hunter ranger buster soccer hockey batman thomas jessica ashley
mustang access flower loveme lovely 123456a 123456q 12345678910 0123456789 1111111111`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
