// A matrix split only by rows (`dim = 1`) whose row 0 is `null`: the call splits the rows and
// never needs a row's length, so it runs as Java does, which reads no row the body does not
// read. Before, the call took the column count from row 0 and raised NullPointerException
// at the call even where the body reads no row. A body that reads a `null` row raises it
// there, as in Java.
class Main {
    static int count(int[][] m) {
        int c = 0;
        for (int i = 0; i < m.length; i++) {
            c += 1;
        }
        return c;
    }

    static long present(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            if (m[i] != null) {
                for (int j = 0; j < m[i].length; j++) {
                    s += (i + 1L) * m[i][j];
                }
            } else {
                s -= i;
            }
        }
        return s;
    }

    static int widest(double[][] m) {
        int w = -1;
        for (int i = 0; i < m.length; i++) {
            w = Math.max(w, m[i] == null ? 0 : m[i].length);
        }
        return w;
    }

    static int firsts(int[][] m) {
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            s += m[i][0];
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = new int[300][];
        for (int i = 1; i < m.length; i += 3) {
            m[i] = new int[i % 7];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i * 10 + j;
            }
        }
        System.out.println(count(m) + " " + present(m));
        System.out.println(count(new int[5][]) + " " + present(new int[1][]) + " " + count(new int[0][]));
        double[][] d = new double[40][];
        d[39] = new double[12];
        System.out.println(widest(d) + " " + widest(new double[3][]));
        m[0] = new int[]{7};
        m[1] = new int[]{5};
        System.out.println(count(m) + " " + present(m));
        System.out.println(firsts(m));
    }
}
