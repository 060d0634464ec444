// args: 100000
// throws-at: 56:36
// A host loop over a SOMD result fails at its first iteration, reading a table at index
// -100; a later iteration would convert an object whose `toString()` uses a class
// initialized at its first use, whose initializer prints. Java never runs that
// initializer, so the loop stays on the host, where nothing later runs (an outlined loop's
// later MIs would run it): only the exception, on every placement.
class Noisy {
    static int k = start();

    static int start() {
        System.out.println("Noisy starts");
        return 3;
    }

    static int add(int v) {
        return v % 100 + k;
    }
}

class Box {
    int v;

    Box(int v) {
        this.v = v;
    }

    public String toString() {
        return "" + Noisy.add(v);
    }
}

class Main {
    static int len(int v) {
        return Integer.parseInt("" + new Box(v)) + 1;
    }

    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] a = new int[n];
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] h = new int[n];
        a = step(a, -100);
        for (int i = 0; i < n; i++) {
            h[i] += a[i] < 90000 ? t[a[i]] : len(a[i]);
        }
        System.out.println(h[0]);
    }
}
