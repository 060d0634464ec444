// Java twin of device_fuzz_long_sums.somd (made as tests/difffuzz/run.sh makes it: SOMD
// methods as plain methods over the whole arrays, value classes as final classes).
class Main {
    static long[] m0(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            nc &= ((int) Math.round(1.0));
            tb[(rv[(ps[(pl(c[(x) & 1], (t[(k = (3 - k)) & 7] = k))) & 3][(p) & 3]) & 3] + 0 * b[(Math.abs((tb[x & 3] <<= (t[k & 7] += Integer.bitCount(123456789))))) & 1023]) & 3] |= ((int) 4294967296L);
            tc[ce(new Cell(t[k & 7], g), pv[(++k) & 3][(x) & 3]) & 3] += Math.min(tb[0 & 3], (~k--));
            long r = 64L;
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m1(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            tc[((int) nl) & 3] -= (ni /= Math.signum(0.1f));
            long r = Double.doubleToLongBits(9.3e18);
            if (((long) g * (31 - k++)) > ((long) (- tb[g & 3]++) * ((int) -9223372036854775808L))) {
                r = r * 31 + ((long) (k++));
            } else {
                r ^= (((long) (ni /= (-1.5f / ((float) pv[(--k) & 3][(ns) & 3]))) * t[k++ & 7]) * (4294967296L >> 2147483647));
            }
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m2(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            ni += -1.5f;
            nl *= 1e10;
            long r = (long) ((Math.max(Math.min(-2147483648, ((int) (short) 16777217.0f)), (g + (q | --k))) >> ((((long) 3.0f) >> (rw(c[(tc[1 & 3]) & 1][(x) & 3], ++nb) * g)) << (q >> (x - 32)))));
            if ((k = pv[(123456789) & 3][(ps[(g) & 3][((t[k & 7] += ((int) ((long) rw(c[((ns ^= q)) & 1][(33) & 3], t[k++ & 7]))))) & 3]) & 3]) >= ((int) (64L % (((long) b[((t[k & 7] + g)) & 1023]) | 1L)))) {
                r = r * 31 + (((long) (0.0f / 0.0f)));
            } else {
                r ^= Math.max((0L & 9223372036854775807L), -9223372036854775808L);
            }
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m3(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            nb /= (((int) ((long) 0.0)) | 1);
            nc |= nb;
            long r = (long) (Math.max(Math.min((tc[g & 3] | b[((ns /= (t[k & 7] | 1))) & 1023]), (Math.min((k *= ((tc[g & 3] += b[(++k) & 1023]) & (k = ((int) 63L)))), t[k++ & 7]) >> ((int) 64L))), (Math.max(2147483647, t[k++ & 7]) & ((int) (short) (b[(-2147483647) & 1023] - p)))));
            if (((int) (char) 31) > Math.max(rw(c[((k = (k = (~(t[(k = Math.abs(ce(new Cell(t[k++ & 7], (t[k & 7] += (k-- >> ps[(x) & 3][(ps[(g) & 3][(x) & 3]) & 3]))), b[(Math.max((t[k & 7] += ((int) (short) ((float) t[k & 7]))), (t[k & 7] += (~-1)))) & 1023]))) & 7] = k))))) & 1][(x) & 3], k++), k)) {
                r = r * 31 + ((((long) --k) + ((long) rw(c[(nb) & 1][((tc[g & 3] &= (t[k & 7] += (g | x)))) & 3], b[((1000003 >= pl(c[(x) & 1], q) ? (tc[g & 3] ^= b[((ce(new Cell(tc[g & 3], 3), 31) > x ? b[((b[((ns % (nc-- | 1))) & 1023] ^ (k = ((int) Math.round(0.0))))) & 1023] : t[0])) & 1023]) : pv[((k ^= (64 % (65535 | -2147483648)))) & 3][((rv[(t[k++ & 7]) & 3] + 0 * pl(c[(k++) & 1], k--))) & 3])) & 1023]))));
            } else {
                r ^= ((long) x);
            }
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m4(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            ns %= ((((int) 0.1) % -1) | 1);
            ni *= -2.5;
            tc[x & 3] &= ((int) (short) 16777217.0f);
            nl -= ((((double) 255) * ((double) 31)) + (((double) rw(c[(b[(Integer.bitCount(g)) & 1023]) & 1][((t[(k = (b[((t[k++ & 7] + (k = Math.max((nc |= k++), rw(c[((rv[(t[k++ & 7]) & 3] + 0 * x)) & 1][((t[(k = (33 << (ni += (((double) t[k++ & 7]) + ((double) (k = (ni / (t[k++ & 7] | 1)))))))) & 7] = k)) & 3], x))))) & 1023] % (x | -2147483648))) & 7] = k)) & 3], --ns)) * 3.0));
            long r = (long) (((ce(new Cell(rw(c[(rw(c[(31) & 1][(nb++) & 3], b[(((k = (t[k++ & 7] & (k = (k++ ^ --nc)))) ^ t[k & 7])) & 1023])) & 1][((rv[(rw(c[(rw(c[(46341) & 1][(ns++) & 3], g)) & 1][(65535) & 3], --k)) & 3] + 0 * (k = Math.abs(++nb)))) & 3], -2147483647), 123456789), 32) << (((long) ((int) (nl *= (((float) 255) + ((float) (t[(k = (x - tb[g & 3]++)) & 7] = k)))))) % (((long) ((double) (tb[x & 3] *= t[0]))) | 1L))) - ((((double) ((long) (nb |= ce(new Cell(rw(c[((k = nc)) & 1][(t[k++ & 7]) & 3], g), 255), k)))) == (1e-300 - ((double) p)) ? x : (rw(c[(pv[(t[k++ & 7]) & 3][(nc) & 3]) & 1][(g) & 3], x) + 123456789)) ^ (Math.round(3.0f) / (tb[x & 3] | 1)))));
            if (9223372036854775807L <= ((9223372036854775807L & 1234567890123L) & ((long) ps[(t[k++ & 7]) & 3][(t[k++ & 7]) & 3]))) {
                r = r * 31 + (Double.doubleToLongBits(((((double) (k |= ((int) Math.round(-2147483649.0)))) / ((double) Math.round(((double) ((long) p))))) - (Math.min((((double) (tb[x & 3] *= q)) * ((double) k)), ((double) (ns ^= (nb ^= (nb /= (nc | 1)))))) / ((double) 3.0f)))));
            } else {
                r ^= ((((long) t[k++ & 7]) >>> (rv[(g) & 3] + 0 * (k = ((int) Math.round(((double) t[0])))))) / (((- ((long) x)) % 10L) | 1L));
            }
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m5(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            tc[b[(Math.abs(x)) & 1023] & 3] += (((k -= (31 >> p)) >> rw(c[(g) & 1][((nc |= ce(new Cell(k, (t[(k = ((k ^= (tb[g & 3] - ((int) nl))) << t[k & 7])) & 7] = k)), ce(new Cell(tc[g & 3], t[k & 7]), k--)))) & 3], x)) <= (g + t[k++ & 7]) ? (~--nc) : (nb >> q));
            ns %= (nb | 1);
            ni += ((float) ((double) k++));
            tc[g & 3] -= nc;
            long r = (long) ((Math.min(-2147483648, (((int) 0L) >> Math.min(g, (k -= Math.abs(--nc))))) >>> ((long) ((16777217.0f + 3.0f) / ((float) ((double) 3))))));
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m6(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            ns >>>= (tb[x & 3] |= (tb[x & 3] &= -2147483648));
            ns += (((int) 16777217.0f) % (((int) (char) ((double) x)) | 1));
            long r = Double.doubleToLongBits(((double) g));
            if (Math.min((t[3] - tb[0 & 3]), (k-- * tc[1 & 3])) != (((int) ((double) 63)) + (ns >> 64))) {
                r = r * 31 + ((long) ((((tc[g & 3] %= ((rv[((k = (t[k & 7] += ((ni *= 0.49999997f) < g ? --k : nb)))) & 3] + 0 * t[k++ & 7]) | 1)) & (((int) 4294967296L) >>> -9223372036854775808L)) | ((int) ((float) ((double) rw(c[((k |= ((int) ((float) (t[(k = ((ni += (((double) b[(((int) nl)) & 1023]) - ((double) t[k++ & 7]))) >>> (t[k & 7] += (33 * g)))) & 7] = k))))) & 1][(t[k++ & 7]) & 3], nb)))))));
            } else {
                r ^= 63L;
            }
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static long[] m7(int[] a, int[] b, int p, int q, int[][][] c) {
        long[] out = new long[a.length];
        int[][] ps = c[p & 1];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int g = i;
            int[][] pv = c[x & 1];
            int[] rv = c[g & 1][x & 3];
            int k = x ^ g;
            int[] t = new int[8];
            byte nb = (byte) x;
            short ns = (short) (x >> 8);
            char nc = (char) (x ^ g);
            int ni = x;
            long nl = (long) x * 3;
            byte[] tb = new byte[4];
            char[] tc = new char[4];
            nc *= ++nc;
            long r = Double.doubleToLongBits(-0.5);
            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;
            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;
            out[i] = r;
        }
        return out;
    }

    static int pl(int[][] v, int e) {
        return v[0][1] * 3 + v[3][2] - e;
    }

    static int rw(int[] v, int e) {
        return v[1] * 5 + v[2] ^ e;
    }

    static int ce(Cell o, int e) {
        return o.lo * 7 - o.hi + e;
    }

    static int[][] grid(int[] a) {
        int[][] m = new int[37][53];
        for (int i = 0; i < 37; i++) {
            for (int j = 0; j < 53; j++) {
                m[i][j] = a[(i * 53 + j) % a.length];
            }
        }
        return m;
    }

    static long[] flat(long[][] m) {
        long[] r = new long[m.length * m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                r[i * m[0].length + j] = m[i][j];
            }
        }
        return r;
    }

    static void print(String name, long[] r) {
        long h = 17;
        for (int i = 0; i < r.length; i++) {
            h = h * 1000003 + r[i];
        }
        System.out.println(name + " " + h + " " + r[0] + " " + r[r.length - 1]);
    }

    public static void main(String[] args) {
        int n = 4099;
        int[] a = new int[n];
        int[] b = new int[1024];
        long s = 11520L;
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            a[i] = (int) (s >>> 32);
            if (i % 7 == 0) {
                a[i] = i % 3 == 0 ? 0 : (i % 5 == 0 ? -2147483648 : 2147483647);
            }
        }
        for (int i = 0; i < 1024; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            b[i] = (int) (s >> 40);
        }
        int[][][] c = new int[2][4][4];
        for (int i = 0; i < 32; i++) {
            c[i / 16][i / 4 % 4][i % 4] = b[i * 31];
        }
        print("m0", m0(a, b, 33, -2147483647, c));
        print("m1", m1(a, b, 33, 123456789, c));
        print("m2", m2(a, b, 33, 1000003, c));
        print("m3", m3(a, b, 64, 3, c));
        print("m4", m4(a, b, -2147483647, 2, c));
        print("m5", m5(a, b, -2147483648, 1000003, c));
        print("m6", m6(a, b, -1, -2147483647, c));
        print("m7", m7(a, b, 31, 64, c));
    }
}

final class Cell {
    int lo;
    int hi;

    Cell(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}
