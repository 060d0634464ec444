// Java twin of exc_value_param_bounds.somd: value arrays become arrays (`new T[[]](a)` a
// copy), the SOMD method one method instance over the whole arrays.
class Main {
    static long lookup(int[] keys, long[] table) {
        long s = 0;
        for (int i = 0; i < keys.length; i++) {
            s += table[keys[i]];
        }
        return s;
    }

    public static void main(String[] args) {
        long[] table = new long[]{10, 20, 30, 40};
        int[] k = new int[1000];
        for (int i = 0; i < k.length; i++) k[i] = i % 4;
        System.out.println(lookup(k.clone(), table));
        k[777] = 9;
        System.out.println(lookup(k.clone(), table));
    }
}
