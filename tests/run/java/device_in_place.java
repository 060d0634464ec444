// Java twin of device_in_place.somd, with the sequential meaning of its SOMD constructs: a
// SOMD method runs as one method instance over the whole arrays, arguments passed by value
// (a copy where the caller still reaches the argument through another variable).
class Main {
    static int[][] bump(int[][] m, int k) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] * 3 + k + j;
            }
        }
        return m;
    }

    static long[][] mix(long[][] w, long k) {
        for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < w[i].length; j++) {
                w[i][j] = w[i][j] * 1000003L + k;
            }
        }
        return w;
    }

    static boolean[][] flip(boolean[][] b) {
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < b[i].length; j++) {
                b[i][j] = !b[i][j];
            }
        }
        return b;
    }

    static double[] scale(double[] x, double f) {
        for (int i = 0; i < x.length; i++) {
            x[i] = x[i] * f + 0.5;
        }
        return x;
    }

    static int[][] divide(int[][] m, int d) {
        for (int i = 0; i < m.length; i++) {
            int g = 0 + i;
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] / (d - g % 7);
            }
        }
        return m;
    }

    // The by-value copy of a matrix argument that the method writes.
    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    int[] seen;

    Main(int n) {
        this.seen = new int[n];
    }

    // An instance method writing a field array and returning its argument: the field comes
    // back into the receiver's array, the argument into its own storage.
    double[] note(double[] a) {
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            seen[g] += g % 5 + 1;
            a[i] = a[i] - 0.25;
        }
        return a;
    }

    static long sum(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s = s * 31 + m[i][j];
            }
        }
        return s;
    }

    static String row(int[] r) {
        String s = "";
        for (int j = 0; j < r.length; j++) {
            s = s + " " + r[j];
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[40][9];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = (i * 13 + j * 7) % 50 - 20;
            }
        }
        for (int r = 0; r < 3; r++) {
            m = bump(m, r);
            long column = 0;
            for (int i = 0; i < m.length; i++) {
                column += m[i][r];
            }
            m[r][0] = -m[r][0];
            System.out.println("round " + r + " column " + column + " sum " + sum(m));
        }

        // A row held elsewhere keeps its values; the matrix gets a new row there.
        int[] held = m[5];
        m = bump(copy(m), 7);
        m = bump(m, 8);
        System.out.println("held" + row(held));
        System.out.println("m[5]" + row(m[5]));

        // The whole matrix held elsewhere: the result is a new matrix.
        int[][] snapshot = m;
        m = bump(copy(m), 9);
        System.out.println("snapshot " + sum(snapshot) + " m " + sum(m));
        snapshot[0][0] = 1;
        System.out.println("m[0][0] " + m[0][0]);

        long[][] w = new long[13][4];
        for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < w[i].length; j++) {
                w[i][j] = i * 4 + j - 9;
            }
        }
        w = mix(w, 3L);
        w[12][3] = 5L;
        w = mix(w, -11L);
        System.out.println("w " + w[0][0] + " " + w[7][2] + " " + w[12][3]);

        boolean[][] b = new boolean[6][11];
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < b[i].length; j++) {
                b[i][j] = (i + j) % 3 == 0;
            }
        }
        b = flip(b);
        b[2][2] = false;
        b = flip(b);
        int trues = 0;
        for (int i = 0; i < b.length; i++) {
            for (int j = 0; j < b[i].length; j++) {
                if (b[i][j]) {
                    trues++;
                }
            }
        }
        System.out.println("trues " + trues + " b[2][2] " + b[2][2]);

        double[] x = new double[25];
        for (int i = 0; i < x.length; i++) {
            x[i] = i * 0.25;
        }
        x = scale(x, 1.5);
        double[] y = x;
        x = scale(x.clone(), 2.0);
        System.out.println("x " + x[3] + " " + x[24] + " y " + y[3] + " " + y[24]);
        Main o = new Main(x.length);
        int[] seen = o.seen;
        x = o.note(x);
        x = o.note(x);
        System.out.println("note " + x[3] + " " + x[24] + " seen " + seen[3] + " " + seen[24]);

        // `m` at its last use: the result may take its storage, and the call takes the
        // array out of `m`, so `last` alone holds it and the first `divide` writes it in
        // place too.
        int[][] last = bump(m, 10);
        System.out.println("last " + sum(last));
        last = divide(last, 9);
        System.out.println("divided " + sum(last));
        last = divide(last, 6);
        System.out.println("unreached " + sum(last));
    }
}
