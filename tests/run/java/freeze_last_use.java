// Java twin of freeze_last_use.somd: a value array is a copy (clone) of the array.
// `new T[[]](a)` at the last use of `a` may take over a's storage; the value array must
// still never change when the program writes the same storage through another handle, or
// writes `a` itself later (a use after the freeze, a loop, a second argument).
class Main {
    static int[] copy(int[] a) {
        return a.clone();
    }

    static int[] make(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * i;
        }
        return a;
    }

    static int sum(int[] v, int[] a) {
        int s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i] - a[i];
        }
        return s;
    }

    static int[] lastUse(int n) {
        int[] a = make(n);
        a[0] = 7;
        return copy(a);
    }

    public static void main(String[] args) {
        // The last use, with another handle alive: writes through it must not show.
        int[] a = make(5);
        int[] alias = a;
        int[] v = copy(a);
        alias[1] = 100;
        System.out.println(v[1] + " " + alias[1]);

        // The last use of an unshared array, and of a call's result.
        int[] w = lastUse(6);
        int[] t = copy(make(4));
        System.out.println(w[0] + " " + w[5] + " " + t[3] + " " + w.length + " " + t.length);

        // A use after the freeze.
        int[] b = make(4);
        int[] u = copy(b);
        b[2] = -1;
        System.out.println(u[2] + " " + b[2]);

        // A freeze in a loop: each value keeps the contents of its iteration.
        int[] c = make(3);
        int[] first = copy(c);
        int[] last = first;
        for (int k = 0; k < 3; k++) {
            last = copy(c);
            c[0] += 10;
        }
        System.out.println(first[0] + " " + last[0] + " " + c[0]);

        // The array is also the next argument.
        int[] d = make(3);
        System.out.println(sum(copy(d), d));
    }
}
