// Java twin of map_overloads.somd: each `@` a loop calling the method on each element, each
// `!` a left fold.
class Main {
    static int f(long x) {
        return 2;
    }

    static int f(int x) {
        return 1;
    }

    static long g(long x, long y) {
        return x + y;
    }

    static int g(int x, int y) {
        return x + y + 100;
    }

    static int h(int[] x) {
        return -x.length;
    }

    static int h(int x) {
        return x * 3;
    }

    static double k(double x, int[] table) {
        return x / 2;
    }

    static double k(int x, int[] table) {
        return table[x % table.length];
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        long[] l = new long[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7 - 300;
            l[i] = i;
        }
        int sfi = 0;
        int sfl = 0;
        for (int i = 0; i < a.length; i++) {
            sfi += f(a[i]);
            sfl += f(l[i]);
        }
        System.out.println("f " + sfi + " " + sfl);
        int ga = a[0];
        long gl = l[0];
        for (int i = 1; i < a.length; i++) {
            ga = g(ga, a[i]);
            gl = g(gl, l[i]);
        }
        System.out.println("g " + ga + " " + gl);
        int sh = 0;
        for (int i = 0; i < a.length; i++) {
            sh += h(a[i]);
        }
        System.out.println("h " + sh + " " + a.length);
        int[] table = {5, 6, 7};
        double sk = 0;
        for (int i = 0; i < 10; i++) {
            sk += k(i, table);
        }
        double[] d = {1.5, 3.0};
        System.out.println("k " + sk + " " + k(d[1], table));
    }
}
