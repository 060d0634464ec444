// Java twin of loopcheck_rows_fail.somd: one MI over the whole array.
class Main {
    static long[] rows(int[] rs, int[] m, int w) {
        long[] out = new long[rs.length];
        for (int k = 0; k < rs.length; k++) {
            int r = rs[k];
            long s = 0;
            for (int j = 0; j < w; j++) {
                s += (long) m[r * w + j] * (j + 1);
            }
            out[k] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int w = 12;
        int[] m = new int[20 * w];
        for (int j = 0; j < m.length; j++) {
            m[j] = (j * 31) % 97 - 40;
        }
        int[] rs = new int[200];
        for (int k = 0; k < rs.length; k++) {
            rs[k] = (k * 7) % 23;
        }
        long[] first = rows(new int[] {0, 5, 19}, m, w);
        System.out.println(first[0] + " " + first[1] + " " + first[2]);
        long[] all = rows(rs, m, w);
        System.out.println(all[0]);
    }
}
// throws-at: 11:29
