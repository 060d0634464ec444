// args: 20000 4
final class Pair {
    final long sum;
    final long top;

    Pair(long sum, long top) {
        this.sum = sum;
        this.top = top;
    }
}

class Main {
    static Pair weigh(int x, int k) {
        return new Pair((long) x * k, x % 97);
    }

    static Pair add(Pair a, Pair b) {
        return new Pair(a.sum + b.sum, Math.max(a.top, b.top));
    }

    static int sq(int x, int k) {
        return (x * x + k) % 1009;
    }

    static int larger(int a, int b) {
        return a > b ? a : b;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] xs = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (i * 7919) % 10007;
        }
        long total = 0;
        for (int k = 1; k <= rounds; k++) {
            Pair p = weigh(xs[0], k);
            for (int i = 1; i < n; i++) p = add(p, weigh(xs[i], k));
            int m = sq(xs[0], k);
            for (int i = 1; i < n; i++) m = larger(m, sq(xs[i], k));
            total += p.sum + p.top + m;
        }
        System.out.println(total);
    }
}
