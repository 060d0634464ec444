// Java twin of exc_guarded_bounds.somd: the SOMD method runs as one method instance.
class Main {
    static int[] mix(int[] data, int[] key) {
        int[] out = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            int k = 0;
            int x = data[i];
            for (int r = 0; r < 4; r++) {
                x = x * 31 + key[k++];
                x ^= key[k++];
            }
            out[i] = x + key[k];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] data = new int[5000];
        int[] out = mix(data, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        System.out.println(out[4999]);
        out = mix(data, new int[] {1, 2, 3, 4, 5, 6, 7, 8});
        System.out.println(out[0]);
    }
}
