// Java twin of mriq.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Parboil MRI-Q, as ported to Lime in the Lime paper (003) section 6: the matrix Q used
// in non-Cartesian MRI reconstruction. For every voxel x, Q(x) is the sum over the
// k-space samples k of |phi(k)|^2 * exp(i 2 pi k . x). As in Parboil there are two
// kernels, both `@` maps here: `phiMag` maps over the samples' phi values, and
// `computeQ` maps over the voxels (a value array of a final class) with the samples
// broadcast as a value array of another final class. Each voxel sums over the samples in
// sample order, in `float` as Parboil does; the totals are `+ !` reductions.
//
// Usage: mriq [VOXELS] [SAMPLES]   (default 512 voxels, 256 k-space samples)

import java.util.Random;

final class KSample {
    float kx;
    float ky;
    float kz;
    float phiMag;

    KSample(float kx, float ky, float kz, float phiMag) {
        this.kx = kx;
        this.ky = ky;
        this.kz = kz;
        this.phiMag = phiMag;
    }
}

final class Voxel {
    float x;
    float y;
    float z;

    Voxel(float x, float y, float z) {
        this.x = x;
        this.y = y;
        this.z = z;
    }
}

final class Q {
    float real;
    float imag;

    Q(float real, float imag) {
        this.real = real;
        this.imag = imag;
    }
}

class MRIQ {

    // Parboil's PIx2, rounded to float.
    static final float PI2 = 6.2831853071795864769f;

    // Parboil's ComputePhiMag: the squared magnitude of one sample's phi.
    static float phiMag(float phiR, float phiI) {
        return phiR * phiR + phiI * phiI;
    }

    static KSample sample(float kx, float ky, float kz, float phiMag) {
        return new KSample(kx, ky, kz, phiMag);
    }

    static Voxel voxel(float x, float y, float z) {
        return new Voxel(x, y, z);
    }

    // Parboil's ComputeQ for one voxel.
    static Q computeQ(Voxel v, KSample[] samples) {
        float qr = 0.0f;
        float qi = 0.0f;
        for (int s = 0; s < samples.length; s++) {
            KSample k = samples[s];
            float expArg = PI2 * (k.kx * v.x + k.ky * v.y + k.kz * v.z);
            qr += k.phiMag * (float) Math.cos(expArg);
            qi += k.phiMag * (float) Math.sin(expArg);
        }
        return new Q(qr, qi);
    }

    static double realOf(Q q) {
        return q.real;
    }

    static double imagOf(Q q) {
        return q.imag;
    }

    // `count` random floats in [-half, half).
    static float[] uniform(Random random, int count, float half) {
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = (random.nextFloat() * 2.0f - 1.0f) * half;
        }
        return values.clone();
    }

    public static void main(String[] args) {
        int voxelCount = args.length > 0 ? Integer.parseInt(args[0]) : 512;
        int sampleCount = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        Random random = new Random(1998);
        // k-space coordinates in cycles per field of view, voxel coordinates in a 32-voxel
        // field of view centred on 0.
        float[] kx = uniform(random, sampleCount, 0.5f);
        float[] ky = uniform(random, sampleCount, 0.5f);
        float[] kz = uniform(random, sampleCount, 0.5f);
        float[] phiR = uniform(random, sampleCount, 1.0f);
        float[] phiI = uniform(random, sampleCount, 1.0f);
        float[] x = uniform(random, voxelCount, 16.0f);
        float[] y = uniform(random, voxelCount, 16.0f);
        float[] z = uniform(random, voxelCount, 16.0f);

        float[] magnitudes = new float[sampleCount];
        for (int i = 0; i < sampleCount; i++) {
            magnitudes[i] = phiMag(phiR[i], phiI[i]);
        }
        KSample[] samples = new KSample[sampleCount];
        for (int i = 0; i < sampleCount; i++) {
            samples[i] = sample(kx[i], ky[i], kz[i], magnitudes[i]);
        }
        Voxel[] voxels = new Voxel[voxelCount];
        for (int i = 0; i < voxelCount; i++) {
            voxels[i] = voxel(x[i], y[i], z[i]);
        }
        Q[] q = new Q[voxelCount];
        for (int i = 0; i < voxelCount; i++) {
            q[i] = computeQ(voxels[i], samples);
        }

        double realTotal = 0;
        double imagTotal = 0;
        for (int i = 0; i < voxelCount; i++) {
            realTotal += realOf(q[i]);
        }
        for (int i = 0; i < voxelCount; i++) {
            imagTotal += imagOf(q[i]);
        }
        System.out.println("mriq voxels=" + voxelCount + " samples=" + sampleCount);
        System.out.printf("Q[0] %.6e %.6e%n", q[0].real, q[0].imag);
        System.out.printf("Q[n-1] %.6e %.6e%n", q[voxelCount - 1].real, q[voxelCount - 1].imag);
        System.out.printf("total %.6e %.6e%n", realTotal, imagTotal);
    }
}
