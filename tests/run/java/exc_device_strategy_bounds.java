// The sequential meaning: one MI, whose partition `Tail.bounds(length, 1, step)` gives.
class Tail {
    static int[] bounds(int length, int parts, int step) {
        System.out.println("bounds of " + length + " by " + step);
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        b[parts] = length / step * step + length % step;
        return b;
    }
}

class Main {
    static int sum(int[] a, int step) {
        Tail.bounds(a.length, 1, step);
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * 2 + step;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(sum(a, 3));
        System.out.println(sum(a, 7));
        System.out.println(sum(a, args.length));
    }
}
