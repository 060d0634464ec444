// Expressions nested deeper than OpenCL C compilers take (Clang's 256 levels of brackets,
// counted in the kernel text: a sum of 260 terms, 130 chained conditionals, 90 pairs of
// casts) keep their SOMD method on the CPU, where a strict run stopped with the device
// compiler's "bracket nesting level exceeded" (probe 87); their shallower twins (120
// terms, 40 conditionals, 20 pairs of casts) still run on the device.
class Main {
    static int[] sum120(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i];
        }
        return r;
    }

    static int[] sum260(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i] + a[i];
        }
        return r;
    }

    static int[] tern40(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] == -3 ? 0 : a[i] == 4 ? 1 : a[i] == 11 ? 2 : a[i] == 1 ? 3 : a[i] == 8 ? 4 : a[i] == -2 ? 5 : a[i] == 5 ? 6 : a[i] == 12 ? 7 : a[i] == 2 ? 8 : a[i] == 9 ? 9 : a[i] == -1 ? 10 : a[i] == 6 ? 11 : a[i] == 13 ? 12 : a[i] == 3 ? 13 : a[i] == 10 ? 14 : a[i] == 0 ? 15 : a[i] == 7 ? 16 : a[i] == -3 ? 17 : a[i] == 4 ? 18 : a[i] == 11 ? 19 : a[i] == 1 ? 20 : a[i] == 8 ? 21 : a[i] == -2 ? 22 : a[i] == 5 ? 23 : a[i] == 12 ? 24 : a[i] == 2 ? 25 : a[i] == 9 ? 26 : a[i] == -1 ? 27 : a[i] == 6 ? 28 : a[i] == 13 ? 29 : a[i] == 3 ? 30 : a[i] == 10 ? 31 : a[i] == 0 ? 32 : a[i] == 7 ? 33 : a[i] == -3 ? 34 : a[i] == 4 ? 35 : a[i] == 11 ? 36 : a[i] == 1 ? 37 : a[i] == 8 ? 38 : a[i] == -2 ? 39 : 0;
        }
        return r;
    }

    static int[] tern130(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] == -3 ? 0 : a[i] == 4 ? 1 : a[i] == 11 ? 2 : a[i] == 1 ? 3 : a[i] == 8 ? 4 : a[i] == -2 ? 5 : a[i] == 5 ? 6 : a[i] == 12 ? 7 : a[i] == 2 ? 8 : a[i] == 9 ? 9 : a[i] == -1 ? 10 : a[i] == 6 ? 11 : a[i] == 13 ? 12 : a[i] == 3 ? 13 : a[i] == 10 ? 14 : a[i] == 0 ? 15 : a[i] == 7 ? 16 : a[i] == -3 ? 17 : a[i] == 4 ? 18 : a[i] == 11 ? 19 : a[i] == 1 ? 20 : a[i] == 8 ? 21 : a[i] == -2 ? 22 : a[i] == 5 ? 23 : a[i] == 12 ? 24 : a[i] == 2 ? 25 : a[i] == 9 ? 26 : a[i] == -1 ? 27 : a[i] == 6 ? 28 : a[i] == 13 ? 29 : a[i] == 3 ? 30 : a[i] == 10 ? 31 : a[i] == 0 ? 32 : a[i] == 7 ? 33 : a[i] == -3 ? 34 : a[i] == 4 ? 35 : a[i] == 11 ? 36 : a[i] == 1 ? 37 : a[i] == 8 ? 38 : a[i] == -2 ? 39 : a[i] == 5 ? 40 : a[i] == 12 ? 41 : a[i] == 2 ? 42 : a[i] == 9 ? 43 : a[i] == -1 ? 44 : a[i] == 6 ? 45 : a[i] == 13 ? 46 : a[i] == 3 ? 47 : a[i] == 10 ? 48 : a[i] == 0 ? 49 : a[i] == 7 ? 50 : a[i] == -3 ? 51 : a[i] == 4 ? 52 : a[i] == 11 ? 53 : a[i] == 1 ? 54 : a[i] == 8 ? 55 : a[i] == -2 ? 56 : a[i] == 5 ? 57 : a[i] == 12 ? 58 : a[i] == 2 ? 59 : a[i] == 9 ? 60 : a[i] == -1 ? 61 : a[i] == 6 ? 62 : a[i] == 13 ? 63 : a[i] == 3 ? 64 : a[i] == 10 ? 65 : a[i] == 0 ? 66 : a[i] == 7 ? 67 : a[i] == -3 ? 68 : a[i] == 4 ? 69 : a[i] == 11 ? 70 : a[i] == 1 ? 71 : a[i] == 8 ? 72 : a[i] == -2 ? 73 : a[i] == 5 ? 74 : a[i] == 12 ? 75 : a[i] == 2 ? 76 : a[i] == 9 ? 77 : a[i] == -1 ? 78 : a[i] == 6 ? 79 : a[i] == 13 ? 80 : a[i] == 3 ? 81 : a[i] == 10 ? 82 : a[i] == 0 ? 83 : a[i] == 7 ? 84 : a[i] == -3 ? 85 : a[i] == 4 ? 86 : a[i] == 11 ? 87 : a[i] == 1 ? 88 : a[i] == 8 ? 89 : a[i] == -2 ? 90 : a[i] == 5 ? 91 : a[i] == 12 ? 92 : a[i] == 2 ? 93 : a[i] == 9 ? 94 : a[i] == -1 ? 95 : a[i] == 6 ? 96 : a[i] == 13 ? 97 : a[i] == 3 ? 98 : a[i] == 10 ? 99 : a[i] == 0 ? 100 : a[i] == 7 ? 101 : a[i] == -3 ? 102 : a[i] == 4 ? 103 : a[i] == 11 ? 104 : a[i] == 1 ? 105 : a[i] == 8 ? 106 : a[i] == -2 ? 107 : a[i] == 5 ? 108 : a[i] == 12 ? 109 : a[i] == 2 ? 110 : a[i] == 9 ? 111 : a[i] == -1 ? 112 : a[i] == 6 ? 113 : a[i] == 13 ? 114 : a[i] == 3 ? 115 : a[i] == 10 ? 116 : a[i] == 0 ? 117 : a[i] == 7 ? 118 : a[i] == -3 ? 119 : a[i] == 4 ? 120 : a[i] == 11 ? 121 : a[i] == 1 ? 122 : a[i] == 8 ? 123 : a[i] == -2 ? 124 : a[i] == 5 ? 125 : a[i] == 12 ? 126 : a[i] == 2 ? 127 : a[i] == 9 ? 128 : a[i] == -1 ? 129 : 0;
        }
        return r;
    }

    static int[] cast20(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) (a[i] * 3 - 1))))))))))))))))))));
        }
        return r;
    }

    static int[] cast90(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) ((int) (long) (a[i] * 3 - 1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
        }
        return r;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 31) % 17 - 3;
        }
        {
            int[] q = sum120(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("sum120 " + h);
        }
        {
            int[] q = sum260(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("sum260 " + h);
        }
        {
            int[] q = tern40(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("tern40 " + h);
        }
        {
            int[] q = tern130(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("tern130 " + h);
        }
        {
            int[] q = cast20(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("cast20 " + h);
        }
        {
            int[] q = cast90(a);
            long h = 0;
            for (int k = 0; k < q.length; k++) {
                h = h * 31 + q[k];
            }
            System.out.println("cast90 " + h);
        }
    }
}
