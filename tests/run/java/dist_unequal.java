// Java twin of dist_unequal.somd. `dist` arguments split alike meet element by element only when their split dimensions
// have one length (LANGUAGE.md §2.2 promises it for equal shapes): Listing 8's vector add
// called with a longer `b`, or matrices of different shapes, runs the body once over the
// whole values, as Java does; so do parameters given one user strategy expression (`Even`,
// `Thirds(k)`). The last call's `b` is shorter: Java's exception, at Java's index.
class Main {
    static long dot(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        return s;
    }

    static long dotK(int[] a, int[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i] * 3;
        }
        return s;
    }

    static int[] vectorAdd(int[] a, int[] b) {
        int[] c = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }

    static long cells(int[][] m, int[][] n) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += (long) m[i][j] * n[i][j] + m[i][j];
            }
        }
        return s;
    }

    static int[][] grid(int rows, int cols) {
        int[][] g = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] = i * 31 + j;
            }
        }
        return g;
    }

    static void show(int[] c) {
        long h = 0;
        for (int i = 0; i < c.length; i++) {
            h = h * 31 + c[i];
        }
        System.out.println(c.length + " " + h);
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 3;
        }
        int[] longer = new int[1234];
        for (int i = 0; i < longer.length; i++) {
            longer[i] = i;
        }
        System.out.println(dot(a, a) + " " + dot(a, longer) + " " + dotK(a, longer));
        show(vectorAdd(a, a));
        show(vectorAdd(a, longer));
        System.out.println(cells(grid(40, 30), grid(40, 30)));
        System.out.println(cells(grid(40, 30), grid(50, 35)));
        int[] shorter = new int[999];
        show(vectorAdd(a, shorter));
    }
}
// throws-at: 26:27
class Even {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        return b;
    }
}

class Thirds {
    static int[] bounds(int length, int parts, int k) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        if (parts > 1) {
            b[1] = Math.min(length / k, b[2]);
        }
        return b;
    }
}
