// args: 700 3
// Host nests over SOMD results run as SOMD methods of their own (ninety-third session): the
// sum and the maximum of a matrix result, its row sums, its first negative column per
// row (an inner loop leaving early), the sums of blocks of a flat result, prefix sums
// (an inner loop up to the outer index), a nest three deep, an argument extremum over a
// matrix, a 1-D loop assigning its own local, and an inner loop whose test has a second
// bound. Nests that stay on the host: one that prints, and one summing a whole result
// again for each iteration of its outer loop (its inner loop, reading the outer index as
// a value, is a method). Nothing reads `m` on the host before the rounds end.
class Main {
    static long[][] step(long[][] m, long k) {
        int o = 0;
        int oc = 0;
        long[][] r = new long[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                r[i][j] = (m[i][j] * 31 + k * 7 + o + i - oc - j) % 1000003 - 200000;
            }
        }
        return r;
    }

    static int[] fill(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 1103515245 + k * 12345 + (a[i] >>> 11);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[][] m = new long[n][n + 3];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n + 3; j++) {
                m[i][j] = (i * 131 + j * 17) % 1009;
            }
        }
        int[] a = new int[n * 8];
        for (int i = 0; i < n * 8; i++) {
            a[i] = i * 7919;
        }
        long[] rs = new long[n];
        int[] neg = new int[n];
        int[] blocks = new int[n];
        long[] pre = new long[n];
        int[] deep = new int[n];
        int[] mag = new int[n * 8];
        int[] run = new int[n];
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            m = step(m, r);
            a = fill(a, r);
            long s = 0;
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m[i].length; j++) {
                    s += m[i][j];
                }
            }
            long mx = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                for (int j = n + 2; j >= 0; j -= 2) {
                    if (m[i][j] > mx) mx = m[i][j];
                }
            }
            for (int i = 0; i < n; i++) {
                long t = 0;
                for (int j = 0; j < m[i].length; j++) {
                    t += m[i][j] * (j + 1);
                }
                rs[i] = t;
            }
            for (int i = 0; i < n; i++) {
                int c = 0;
                for (int j = 0; j < n + 3; j++) {
                    if (m[i][j] < -199000) break;
                    c++;
                }
                neg[i] = c;
            }
            for (int i = 0; i < n; i++) {
                int t = 0;
                for (int k = 0; k < 8; k++) {
                    t ^= a[i * 8 + k] >>> k;
                }
                blocks[i] = t;
            }
            for (int i = 0; i < n; i++) {
                long t = 0;
                for (int j = 0; j <= i; j++) {
                    t += a[j] % 1000;
                }
                pre[i] = t;
            }
            for (int i = 0; i < n; i++) {
                int t = 0;
                for (int j = 0; j < 4; j++) {
                    for (int k = i % 3; k < 6; k++) {
                        t += (int) (m[i][j + k] % 97) * (k + 1);
                    }
                }
                deep[i] = t;
            }
            long best = Long.MIN_VALUE;
            int bi = -1;
            int bj = -1;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n + 3; j++) {
                    if (m[i][j] > best) {
                        best = m[i][j];
                        bi = i;
                        bj = j;
                    }
                }
            }
            for (int i = 0; i < n * 8; i++) {
                int v = a[i] % 1000;
                if (v < 0) v = -v;
                v += i % 5;
                mag[i] = v;
            }
            for (int t = 1; t < 3; t++) {
                for (int i = 0; i < a.length; i++) {
                    total += a[i] % 100 * t;
                }
            }
            for (int i = 0; i < n; i++) {
                int c = 0;
                for (int j = 0; j < n + 3 && m[i][j] > -199500; j += 2) {
                    c++;
                }
                run[i] = c;
            }
            total += s;
            System.out.println(r + " " + s + " " + mx + " " + rs[n - 1] + " " + neg[3] + " "
                    + blocks[n / 2] + " " + pre[n - 1] + " " + deep[5] + " " + best + " " + bi
                    + " " + bj + " " + mag[77]);
        }
        for (int i = 0; i < 2; i++) {
            long t = 0;
            for (int j = 0; j < n + 3; j++) {
                t += m[i][j];
            }
            System.out.println("row " + i + " " + t);
        }
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + rs[i] + neg[i] + blocks[i] + pre[i] + deep[i] + mag[i * 8 + 7]
                    + run[i];
        }
        System.out.println(total + " " + check);
    }
}
