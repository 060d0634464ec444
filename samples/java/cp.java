// Java twin of cp.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Parboil CP (coulombic potential), as ported to Lime in the Lime paper (003) section 6:
// the electrostatic potential that a set of charged atoms induces at every point of one
// 2-D slice of a 3-D grid. As in Parboil, the atoms are one flat `float` array of
// (x, y, z, charge) quadruples, broadcast to every method instance (a plain array, so
// the method can run on an OpenCL device), and the slice is a flat `dist` array,
// block-partitioned; `Somd.offset(grid)` turns a local index into the point's index in
// the grid. Each point sums over all atoms in atom order, in `float` as Parboil does, so
// the result does not depend on the number of MIs.
//
// Usage: cp [ATOMS] [GRID]   (default 100 atoms, a 64 x 64 grid)

import java.util.Random;

class CP {

    // Distance between neighbouring grid points (Parboil's 0.1 Angstrom).
    static final float SPACING = 0.1f;

    // Adds to every point of the slice at height `z` the potential of the atoms: the sum
    // over atoms of q / r, where r is the atom's distance from the point. The slice is
    // stored by rows in a flat array, as Parboil stores it: element `p` is the point
    // (p % n, p / n), at (x, y) = ((p % n) * SPACING, (p / n) * SPACING).
    static float[] potential(float[] grid, int n, float[] atoms, float z) {
        int first = 0;
        float[] result = new float[grid.length];
        for (int k = 0; k < grid.length; k++) {
            int p = first + k;
            float x = (p % n) * SPACING;
            float y = (p / n) * SPACING;
            float energy = 0.0f;
            for (int a = 0; a < atoms.length; a += 4) {
                float dx = atoms[a] - x;
                float dy = atoms[a + 1] - y;
                float dz = atoms[a + 2] - z;
                float r = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
                energy += atoms[a + 3] / r;
            }
            result[k] = grid[k] + energy;
        }
        return result;
    }

    public static void main(String[] args) {
        int atomCount = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        float extent = n * SPACING;
        Random random = new Random(4242);
        float[] atoms = new float[4 * atomCount];
        for (int a = 0; a < atomCount; a++) {
            atoms[4 * a] = random.nextFloat() * extent;
            atoms[4 * a + 1] = random.nextFloat() * extent;
            atoms[4 * a + 2] = random.nextFloat() * extent;
            atoms[4 * a + 3] = random.nextFloat() * 2.0f - 1.0f;
        }
        // The slice lies halfway up the box, between two grid planes.
        float z = (n / 2 + 0.5f) * SPACING;

        float[] grid = potential(new float[n * n], n, atoms, z);

        double total = 0;
        float lowest = grid[0];
        float highest = grid[0];
        for (int p = 0; p < n * n; p++) {
            total += grid[p];
            lowest = Math.min(lowest, grid[p]);
            highest = Math.max(highest, grid[p]);
        }
        System.out.println("cp atoms=" + atomCount + " grid=" + n + "x" + n);
        System.out.printf("corner %.6e centre %.6e%n", grid[0], grid[n / 2 * n + n / 2]);
        System.out.printf("lowest %.6e highest %.6e%n", lowest, highest);
        System.out.printf("total %.6e%n", total);
    }
}
