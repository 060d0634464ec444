// args: 60000 4
// Host loops over SOMD results that search, `if (test) { x = e; ..; break; }`, run as SOMD
// methods of their own (ninety-second session): the method returns what the first matching
// iteration assigns and whether one matched; its CPU path splits the range among MIs that
// each leave at their own first match, the first MI that matched wins, and a device keeps
// the smallest matching iteration (the largest stepping down) as an argument minimum.
// `boolean` payloads travel as 0 and 1, in searches and argument extrema; a search to
// `r.length - 1` inclusive is one too. Searches whose
// test may fail, or whose payload may, or whose payload reads another payload, stay on the
// host, and so do a search and an `&&` reduction that read the length of a `null` array
// only where Java's loop would not.
class Main {
    // Values from -50,000 to 50,002, spread by a hash.
    static long[] wave(long[] a, long k) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 2654435761L + k) % 100003L - 50000L;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i ^ (i >> 3);
        }
        int[] table = new int[16];
        for (int i = 0; i < 16; i++) {
            table[i] = i * i - 40;
        }
        long check = 0;
        for (int round = 0; round < rounds; round++) {
            long[] r = wave(a, round * 977L);
            // A `boolean` payload alone.
            boolean big = false;
            for (int i = 0; i < r.length; i++) {
                if (r[i] > 49990L) {
                    big = true;
                    break;
                }
            }
            // Nothing ever matches: the caller's values stay.
            long none = 5L;
            boolean hit = true;
            for (int i = 0; i < r.length; i++) {
                if (r[i] > 1000000L) {
                    none = r[i];
                    hit = false;
                    break;
                }
            }
            // Stepping by 3 from 0.
            int third = -1;
            for (int i = 0; i < r.length; i += 3) {
                if (r[i] < -49990L + round) {
                    third = i;
                    break;
                }
            }
            // Stepping down to 1, with a `double` payload: the last match in the array.
            double frac = -1.5;
            int down = -1;
            for (int i = r.length - 1; i > 0; i--) {
                if (r[i] % 1000L == 0L) {
                    frac = r[i] / 7.0;
                    down = i;
                    break;
                }
            }
            // The very first element matches.
            int zero = -1;
            for (int i = 0; i < r.length; i++) {
                if (r[i] != 123456789L) {
                    zero = i;
                    break;
                }
            }
            // An index declared before the loop and never read after it, a `char` payload.
            int j;
            int jat = -1;
            char tag = 'x';
            for (j = 0; j < r.length; j++) {
                if ((r[j] & 1023L) == 5L + round) {
                    jat = j;
                    tag = (char) ('a' + j % 26);
                    break;
                }
            }
            // An argument extremum with a `boolean` payload.
            long best = Long.MIN_VALUE;
            boolean neg = false;
            int at = -1;
            for (int i = 0; i < r.length; i++) {
                if (Math.abs(r[i] - 17) > best) {
                    best = Math.abs(r[i] - 17);
                    neg = r[i] < 17;
                    at = i;
                }
            }
            // To `r.length - 1` inclusive, where nothing matches in the first round.
            int upto = -2;
            for (int i = 0; i <= r.length - 1; i++) {
                if (r[i] == 50002L - round) {
                    upto = i;
                    break;
                }
            }
            // Stays: a payload reads another payload.
            int pos = -7;
            int twice = 0;
            for (int i = 0; i < r.length; i++) {
                if (r[i] == 49999L - round) {
                    pos = i;
                    twice = pos * 2;
                    break;
                }
            }
            // Stays: the test reads `r[i]` up to `n`, which may pass its length.
            int within = -1;
            for (int i = 0; i < n; i++) {
                if (r[i] > 49000L) {
                    within = i;
                    break;
                }
            }
            // Stays: the payload may read past `table`.
            int looked = 0;
            for (int i = 0; i < r.length; i++) {
                if (r[i] < -49000L) {
                    looked = table[(int) (r[i] & 15L)];
                    break;
                }
            }
            // Stay: what an MI evaluates past Java's first match, or after Java's `ok` is
            // false, reads the length of `q`, which is `null` (review 169).
            int[] q = round < 0 ? table : null;
            int hitAt = -1;
            int hitLength = 0;
            for (int i = 0; i < r.length; i++) {
                if (r[i] % 7L == r[0] % 7L) {
                    hitAt = i;
                    hitLength = i < 1 ? 0 : q.length;
                    break;
                }
            }
            boolean ok = true;
            for (int i = 0; i < r.length; i++) {
                ok = ok && (r[i] < 10L && (i < 100 || q.length > 0));
            }
            System.out.println(hitAt + " " + hitLength + " " + ok + " " + upto);
            System.out.println(big + " " + none + " " + hit + " " + third + " " + frac + " " + down
                + " " + zero + " " + jat + " " + tag + " " + best + " " + neg + " " + at + " " + pos
                + " " + twice + " " + within + " " + looked);
            check += third + down + zero + jat + at + pos + twice + within + looked;
        }
        System.out.println(check);
    }
}
