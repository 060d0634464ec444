// Java twin of device_constant.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// A read-only array that every work-item reads at the same indices (`key[k++]` from 0, as
// Crypt's subkeys) is `__constant` on an OpenCL device when it fits the device's constant
// memory: `mix` runs the kernel's `_c` variant. `spread`'s table (300000 ints, past the
// 64 KiB of NVIDIA GPUs and the 1 MiB of PoCL) runs the plain kernel. Both give the CPU's
// values. The last call's key has 5 ints: the uniform read `key[k++]` at index 5 fails at
// its own line, as Java does.
class Main {
    static int[] mix(int[] a, int[] key) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = 0;
            int x = a[i];
            for (int r = 0; r < 3; r++) {
                x = (x * key[k++]) & 0xffff;
                x = (x + key[k++]) ^ (x >>> 3);
            }
            out[i] = x;
        }
        return out;
    }

    static int[] spread(int[] a, int[] table) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int s = a[i];
            for (int j = 0; j < table.length; j += 4096) {
                s = s * 31 + table[j];
            }
            out[i] = s;
        }
        return out;
    }

    static long hash(int[] v) {
        long h = 0;
        for (int i = 0; i < v.length; i++) {
            h = h * 31 + v[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7919 % 10007;
        }
        int[] key = {3, 5, 7, 11, 13, 17, 19, 23};
        System.out.println("mix " + hash(mix(a, key)));
        int[] table = new int[300000];
        for (int j = 0; j < table.length; j++) {
            table[j] = j * 3 + 1;
        }
        System.out.println("spread " + hash(spread(a, table)));
        int[] shortKey = {3, 5, 7, 11, 13};
        System.out.println("short key");
        System.out.println(hash(mix(a, shortKey)));
    }
}
// throws-at: 15:26
