// Java twin of device_guarded.somd: the SOMD method runs as one method instance.
class Main {
    static int[] mix(int[] data, int[] key) {
        int[] out = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            int k = 0;
            int x = data[i];
            for (int r = 0; r < 4; r++) {
                x = x * 31 + key[k++];
                x ^= key[k++] << (r + 1);
            }
            out[i] = x + (data.length < 0 ? key[k] : 0) - key[3 + 1];
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 10007;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i * 2654435 + 7;
        }
        int[] key9 = {3, 1, 4, 1, 5, 9, 2, 6, 5};
        int[] key12 = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5};
        int[] key8 = {1, 6, 1, 8, 0, 3, 3, 9};
        int[][] keys = {key9, key12, key8};
        for (int t = 0; t < keys.length; t++) {
            int[] key = keys[t];
            int[] out = mix(data, key);
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += out[i] * (long) (i % 13 + 1);
            }
            System.out.println(key.length + ": " + sum + " " + out[0] + " " + out[n - 1]);
        }
    }
}
