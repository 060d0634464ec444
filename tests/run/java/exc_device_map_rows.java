// The sequential meaning of `exc_device_map_rows`: each `@` a loop over the rows.
class Main {
    static int pick(char[] row, int at) {
        return row[at] + row.length;
    }

    public static void main(String[] args) {
        char[][] c = new char[10][5];
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < 5; j++) {
                c[i][j] = (char) ('a' + i + j);
            }
        }
        int[] ps = new int[c.length];
        for (int i = 0; i < c.length; i++) {
            ps[i] = pick(c[i], 4);
        }
        System.out.println(ps[0] + " " + ps[9]);
        c[6] = new char[2];
        c[8] = new char[3];
        int[] bad = new int[c.length];
        for (int i = 0; i < c.length; i++) {
            bad[i] = pick(c[i], args.length + 4);
        }
        System.out.println(bad[0]);
    }
}
