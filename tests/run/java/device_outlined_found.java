// args: 30000 4
// Host searches over SOMD results that leave the match in their index, declared before the
// loop and read after it (ninety-second session): `for (i = 0; i < r.length; i++) { if (..)
// break; }`, `while (j < r.length && r[j] != key) j++;`, `for (; m < r.length && ..;
// m++);`, stepping down to 0 or past it. `found_index` gives each a fresh index and assigns
// the old one the match, or before the loop the value Java's loop leaves when nothing
// matches; the searches then run as SOMD methods of their own. A search whose test may read
// past the result stays on the host, rewritten or not.
class Main {
    static int[] mix(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 7919 + k) % 10007;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
        }
        long total = 0;
        for (int round = 0; round < rounds; round++) {
            int[] r = mix(x, round * 31);
            // The first match, with a payload.
            int i;
            int value = -1;
            for (i = 0; i < r.length; i++) {
                if (r[i] == 10006 - round) {
                    value = r[i] / 2;
                    break;
                }
            }
            // Java's `while` search.
            int j = 0;
            while (j < r.length && r[j] != 5000 + round) {
                j++;
            }
            // A `for` without an initialiser or body, from 2.
            int m = 2;
            for (; m < r.length && r[m] <= 10000 - round; m++) {
            }
            // Nothing matches: the bound.
            int none;
            for (none = 0; none < r.length; none++) {
                if (r[none] > 20000) {
                    break;
                }
            }
            // Stepping down to 1: the last match, or 0 when none (the third round).
            int down;
            for (down = r.length - 1; down > 0; down--) {
                if (r[down] == (round == 2 ? 20000 : round * 7)) {
                    break;
                }
            }
            // Stepping down with `while` to -1, past the first element in the second round.
            int k = r.length - 1;
            while (k >= 0 && r[k] > (round == 1 ? -1 : 100)) {
                k--;
            }
            // Stays: the test reads up to `n + round`, past the result from the second round.
            int far = 0;
            while (far < n + round && r[far] != 9999) {
                far++;
            }
            System.out.println(round + ": " + i + " " + value + " " + j + " " + m + " " + none + " "
                + down + " " + k + " " + far);
            total += i + value + j + m + none + down + k + far;
        }
        System.out.println(total);
    }
}
