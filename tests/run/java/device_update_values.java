// Java twin of device_update_values.somd: SOMD methods are plain methods.
class Main {
    static int postRead(int[] d, int[] a) {
        int c = 0;
        int u = 0;
        for (int i = 0; i < a.length; i++) {
            u += c++;
        }
        return u * 100 + c;
    }

    static int testRead(int[] d, int[] a) {
        int c = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > c++) {
                c += 2;
            }
        }
        return c;
    }

    static int preRead(int[] d, int[] a) {
        int c = 0;
        for (int i = 0; i < a.length; i++) {
            if (--c < a[i]) {
                c += 3;
            }
        }
        return c;
    }

    static int assignRead(int[] d, int[] a) {
        int c = 0;
        int u = 0;
        for (int i = 0; i < a.length; i++) {
            int t = (c += a[i]);
            u += t;
        }
        return u + c;
    }

    static long longRead(int[] d, int[] a) {
        long c = 0;
        for (int i = 0; i < a.length; i++) {
            long t = c++ * 2;
            c += t % 1000;
        }
        return c;
    }

    static int maxRead(int[] d, int[] a) {
        int c = 0;
        int m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, c++);
        }
        return m + c;
    }

    // Updates as statements: reductions over the partition.
    static long counted(int[] a) {
        long c = 0;
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] % 3 == 0) {
                c++;
            }
            s += a[i];
            c += a[i] & 1;
        }
        return c * 1000000 + s;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 37) % 23 - 4;
        }
        int[] d = new int[64];
        System.out.println("postRead " + postRead(d, a));
        System.out.println("testRead " + testRead(d, a));
        System.out.println("preRead " + preRead(d, a));
        System.out.println("assignRead " + assignRead(d, a));
        System.out.println("longRead " + longRead(d, a));
        System.out.println("maxRead " + maxRead(d, a));
        System.out.println("counted " + counted(a));
    }
}
