class Main {
    static float[] pair(int n) {
        return new float[]{n * 0.5f, n * 2.0f};
    }

    static double[] quad(double x) {
        return new double[]{x, x * x, Math.sqrt(x), -x};
    }

    static int[] bits(int v) {
        return new int[]{v & 1, v >> 1 & 1, v >> 2 & 1, v >> 3 & 1, v >> 4 & 1, v >> 5 & 1,
            v >> 6 & 1, v >> 7 & 1};
    }

    static float direct(int n) {
        return pair(n)[0] + pair(n)[1];
    }

    static double weigh(double x) {
        return quad(x)[1] - quad(x)[3] * 0.5 + quad(x)[2];
    }

    static long ones(int[] a) {
        long c = 0;
        for (int i = 0; i < a.length; i++) {
            c += bits(a[i])[0] + bits(a[i])[7] * 10 + bits(a[i])[3] * 100;
        }
        return c;
    }

    public static void main(String[] args) {
        float[] b = new float[100000];
        for (int i = 0; i < b.length; i++) {
            b[i] = direct(i);
        }
        double[] xs = new double[50001];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = weigh(half(i));
        }
        double s = 0;
        for (int i = 0; i < b.length; i++) {
            s = s * 0.5 + b[i];
        }
        double t = 0;
        for (int i = 0; i < xs.length; i++) {
            t = t * 0.5 + xs[i];
        }
        System.out.println(s + " " + t + " " + b[99999] + " " + xs[12345]);
        int[] a = new int[70000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7919;
        }
        System.out.println(ones(a));
    }

    static double half(int i) {
        return i * 0.5;
    }
}
