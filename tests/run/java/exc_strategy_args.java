// Java twin of exc_strategy_args.somd: each call evaluates its strategy's arguments once,
// before the body (the strategy itself only splits the work).
class Main {
    static int calls = 0;

    static int count(int k) {
        calls++;
        return k;
    }

    static long dot(int[] a, int[] b, int k) {
        int strategy = 100 / k;
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        return s;
    }

    static long sum(int[] a, int k) {
        int strategy = count(k);
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(dot(a, a, 5) + " " + sum(a, 3) + " " + sum(a, 4) + " calls " + calls);
        System.out.println(dot(a, a, 0));
    }
}
