// args: 40000 3
// Host loops over SOMD results that call static methods of the program run as SOMD
// methods of their own (eighty-sixth session) when the methods change nothing outside
// them and initialize no class at its first use: a helper of the main class, one of
// another class calling a second helper, one with a loop of its own, a `double` norm.
// Their results stay on the device across the rounds. Loops that stay on the host: a
// helper that prints, one that counts its calls in a static field, one of a class whose
// initializer prints, at the first call, in the middle of the loop, one given the array
// the loop writes (`g[i] = prev(g, i) + h[i]` reads the element the iteration before
// wrote), and one converting an object whose `toString()` counts its calls in a static
// field.
class Digits {
    static int sum(int v) {
        int s = 0;
        int x = Util.abs(v);
        while (x > 0) {
            s += x % 10;
            x /= 10;
        }
        return s;
    }
}

class Util {
    static int abs(int v) {
        return v < 0 ? -v : v;
    }

    static int clamp(int v, int lo, int hi) {
        return Math.min(hi, Math.max(lo, abs(v) - 3));
    }
}

class Box {
    int v;

    Box(int v) {
        this.v = v;
    }

    public String toString() {
        Main.calls++;
        return "" + v;
    }
}

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

class Main {
    static int calls = 0;

    static int sq(int v) {
        return v * v;
    }

    static double norm(double x, double y) {
        return Math.sqrt(x * x + y * y);
    }

    static int loud(int v) {
        if (v == 7) {
            System.out.println("seven");
        }
        return v + 1;
    }

    static int counted(int v) {
        calls++;
        return v ^ 5;
    }

    static int boxed(int v) {
        return Integer.parseInt("" + new Box(v % 1000)) + 1;
    }

    static double prev(double[] v, int i) {
        return i > 0 ? v[i - 1] * 0.5 : 1.0;
    }

    static int[] step(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 1103515245 + k * 12345;
        }
        return r;
    }

    static double[] half(int[] a) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] % 1000) * 0.5;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7919 % 100003;
        }
        long squares = 0;
        int top = 0;
        long digits = 0;
        double[] w = new double[n];
        long loudSum = 0;
        int flips = 0;
        long noisy = 0;
        for (int r = 0; r < rounds; r++) {
            a = step(a, r);
            for (int i = 0; i < n; i++) {
                squares += sq(a[i] % 1000);
            }
            for (int i = 0; i < n; i++) {
                top = Math.max(top, Util.clamp(a[i] >> 8, -5, 8000000 + r));
            }
            for (int i = 0; i < n; i++) {
                digits += Digits.sum(a[i]);
            }
            double[] h = half(a);
            for (int i = 0; i < n; i++) {
                w[i] += norm(h[i], i % 13);
            }
            System.out.println(r + ": " + squares + " " + top + " " + digits + " " + w[7]);
        }
        for (int i = 0; i < n; i++) {
            loudSum += loud(a[i] % 5000);
        }
        for (int i = 0; i < n; i++) {
            flips ^= counted(a[i]);
        }
        for (int i = 0; i < n; i++) {
            noisy += Noisy.add(a[i]);
        }
        long boxes = 0;
        for (int i = 0; i < n; i++) {
            boxes += boxed(a[i]);
        }
        double[] g = new double[n];
        double[] h = half(a);
        for (int i = 0; i < n; i++) {
            g[i] = prev(g, i) + h[i];
        }
        System.out.println(loudSum + " " + flips + " " + calls + " " + noisy + " " + w[n - 1]);
        System.out.println(g[1] + " " + g[n / 2] + " " + g[n - 1] + " " + boxes + " " + calls);
    }
}
