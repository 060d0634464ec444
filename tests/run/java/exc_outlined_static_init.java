// args: 20000
// throws-at: 36:20
// A host loop over a SOMD result reading a `final` static field of a class whose
// initializer prints: Java divides by zero at index 0 before the first read of the
// field, so the class is never initialized and nothing is printed (review 161). An
// outlined method would read the field before its loop: such a loop stays as written.
class Other {
    static final int K = make();

    static int make() {
        System.out.println("Other initialized");
        return 3;
    }
}

class Main {
    static int[] twice(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 2 + 0 * 0;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] src = new int[n];
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            src[i] = i;
            d[i] = i == 0 ? 0 : 1;
        }
        int[] b = twice(src);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = b[i] / d[i] + Other.K;
        }
        int[] e = twice(a);
        System.out.println(e[1]);
    }
}
