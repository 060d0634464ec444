// `while` loops counting their index whose `continue`s each follow the loop's update
// (`i++; continue;`) are counted loops: parallel on a device, reductions included. A
// `continue` after another update, or one the update does not precede, keeps its loop as
// written (on the CPU), with Java's result either way.
class Main {
    static int countOther(int[] a, int v) {
        int c = 0;
        int i = 0;
        while (i < a.length) {
            if (a[i] == v) {
                i++;
                continue;
            }
            c++;
            i++;
        }
        return c;
    }

    static long evenSum(int[] a) {
        long s = 0;
        int i = 0;
        while (i < a.length) {
            if ((a[i] & 1) == 1) {
                i += 1;
                continue;
            } else if (a[i] > 900) {
                i += 1;
                continue;
            }
            s += a[i];
            i += 1;
        }
        return s;
    }

    static int[] clampRows(int[][] m, int limit) {
        int[] firsts = new int[m.length];
        int r = 0;
        outer:
        while (r < m.length) {
            for (int j = 0; j < m[r].length; j++) {
                if (m[r][j] > limit) {
                    firsts[r] = j;
                    r++;
                    continue outer;
                }
            }
            firsts[r] = -1;
            r++;
        }
        return firsts;
    }

    static int mixedSteps(int[] a) {
        int c = 0;
        int i = 0;
        while (i < a.length) {
            if (a[i] < 0) {
                i += 2;
                continue;
            }
            c += a[i];
            i++;
        }
        return c;
    }

    static int updateFirst(int[] a) {
        int c = 0;
        int i = 0;
        while (i < a.length) {
            i++;
            if (a[i - 1] % 3 == 0) {
                continue;
            }
            c += a[i - 1];
        }
        return c;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int k = 0; k < a.length; k++) {
            a[k] = (k * 37) % 1001;
        }
        System.out.println(countOther(a, 37));
        System.out.println(evenSum(a));
        int[][] m = new int[64][50];
        for (int r = 0; r < m.length; r++) {
            for (int j = 0; j < m[r].length; j++) {
                m[r][j] = (r * 13 + j * 7) % 97;
            }
        }
        int[] f = clampRows(m, 90);
        long s = 0;
        for (int r = 0; r < f.length; r++) {
            s = s * 31 + f[r];
        }
        System.out.println(s);
        System.out.println(mixedSteps(a));
        System.out.println(updateFirst(a));
    }
}
