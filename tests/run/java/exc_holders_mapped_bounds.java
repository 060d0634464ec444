// Java twin of exc_holders_mapped_bounds.somd: the value class becomes a final class, its
// value array an array, and each `@` a loop calling `third` per element.
class Main {
    static int third(Row r) {
        return r.vals[2] + r.base;
    }

    static int[] mapThird(Row[] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) out[i] = third(rows[i]);
        return out;
    }

    public static void main(String[] args) {
        int n = 3000;
        Row[] rows = new Row[n];
        for (int i = 0; i < n; i++) {
            int[] v = new int[i == 1234 ? 2 : 3 + i % 4];
            for (int j = 0; j < v.length; j++) {
                v[j] = i * 5 + j;
            }
            rows[i] = new Row(v.clone(), i % 7);
        }
        Row[] frozen = rows.clone();
        int[] ok = mapThird(new Row[]{frozen[0], frozen[1], frozen[n - 1]});
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2]);
        int[] bad = mapThird(frozen);
        System.out.println(bad[0]);
    }
}

final class Row {
    final int[] vals;
    final int base;

    Row(int[] vals, int base) {
        this.vals = vals;
        this.base = base;
    }
}
