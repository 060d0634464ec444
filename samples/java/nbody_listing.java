// Java twin of nbody_listing.somd, with the sequential meaning of its SOMD and Lime
// constructs: value arrays are arrays (a frozen copy a deep copy), `@` a loop, a task graph
// a loop from its source until Underflow.
// N-Body as the Lime paper (003) Figure 2 writes it: the particles are a `float[[]][[4]]`
// (x, y, z, mass per row), the force on each is a `float[[3]]`, and one simulation step is
// the task graph `task new NBody().particleGen => task NBody.computeForces => task
// NBody.forceAccumulator`: a stateful source emits the current particles once, an isolated
// filter maps `computeParticleForces` over them with `@` (one mapped, one broadcast
// argument, as in the paper's line 11), and a sink integrates the forces into the next
// state. `nbody.somd` is the same simulation written with value classes.
//
// Usage: nbody_listing [N] [STEPS]   (default 256 particles, 10 steps)

import java.util.Random;

class NBody {

    static final float DT = 0.01f;
    static final float SOFTENING = 0.01f;

    // The state between steps; only the source and the sink touch it.
    static float[][] position;
    static float[][] velocity;

    // Source state: whether this task has emitted its one item.
    boolean emitted;

    NBody() {
        emitted = false;
    }

    float[][] particleGen() {
        if (emitted) {
            throw new Underflow();
        }
        emitted = true;
        float[][] copy = new float[position.length][];
        for (int i = 0; i < position.length; i++) {
            copy[i] = position[i].clone();
        }
        return copy;
    }

    static float[][] computeForces(float[][] particles) {
        float[][] forces = new float[particles.length][];
        for (int i = 0; i < particles.length; i++) {
            forces[i] = computeParticleForces(particles[i], particles);
        }
        return forces;
    }

    // The force on `p` from every particle; the softening term makes a particle's force on
    // itself zero, so no test for "same particle" is needed.
    static float[] computeParticleForces(float[] p, float[][] particles) {
        float fx = 0;
        float fy = 0;
        float fz = 0;
        for (int j = 0; j < particles.length; j++) {
            float dx = particles[j][0] - p[0];
            float dy = particles[j][1] - p[1];
            float dz = particles[j][2] - p[2];
            float d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
            float inv = (float) (1.0 / Math.sqrt(d2));
            float s = particles[j][3] * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        return new float[]{fx, fy, fz};
    }

    static void forceAccumulator(float[][] forces) {
        for (int i = 0; i < forces.length; i++) {
            for (int k = 0; k < 3; k++) {
                velocity[i][k] += forces[i][k] * DT;
                position[i][k] += velocity[i][k] * DT;
            }
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Random random = new Random(2012);
        position = new float[n][4];
        velocity = new float[n][3];
        for (int i = 0; i < n; i++) {
            position[i][0] = random.nextFloat();
            position[i][1] = random.nextFloat();
            position[i][2] = random.nextFloat();
            position[i][3] = 0.001f * (0.5f + random.nextFloat());
        }

        for (int step = 0; step < steps; step++) {
            NBody source = new NBody();
            try {
                while (true) {
                    forceAccumulator(computeForces(source.particleGen()));
                }
            } catch (Underflow end) {
            }
        }

        double sx = 0;
        double sy = 0;
        double sz = 0;
        double kinetic = 0;
        for (int i = 0; i < n; i++) {
            sx += position[i][0];
            sy += position[i][1];
            sz += position[i][2];
            double v2 = velocity[i][0] * velocity[i][0] + velocity[i][1] * velocity[i][1]
                + velocity[i][2] * velocity[i][2];
            kinetic += 0.5 * position[i][3] * v2;
        }
        System.out.println("nbody_listing n=" + n + " steps=" + steps);
        System.out.printf("centre %.4f %.4f %.4f%n", sx / n, sy / n, sz / n);
        System.out.printf("kinetic energy %.6e%n", kinetic);
    }
}

class Underflow extends RuntimeException {
}
