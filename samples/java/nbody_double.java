// Java twin of nbody_double.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// N-Body in double precision: `nbody.somd` with every `float` a `double`, the Lime
// paper's (003) Table 3 double variant of its N-Body benchmark. The program is the same
// task graph per step as `nbody.somd` (see there): a stateful source, an isolated filter
// mapping the force computation over the bodies with `@`, and a sink that integrates.
//
// Usage: nbody_double [N] [STEPS]   (default 256 bodies, 10 steps)

import java.util.Random;

final class Body {
    double x;
    double y;
    double z;
    double vx;
    double vy;
    double vz;
    double mass;

    Body(double x, double y, double z, double vx, double vy, double vz, double mass) {
        this.x = x;
        this.y = y;
        this.z = z;
        this.vx = vx;
        this.vy = vy;
        this.vz = vz;
        this.mass = mass;
    }
}

final class Force {
    double fx;
    double fy;
    double fz;

    Force(double fx, double fy, double fz) {
        this.fx = fx;
        this.fy = fy;
        this.fz = fz;
    }
}

class NBodyDouble {

    static final double DT = 0.01;
    static final double SOFTENING = 0.01;

    // The state between steps; only the source and the sink touch it.
    static Body[] bodies;

    // Source state: whether this task has emitted its one item.
    boolean emitted;

    NBodyDouble() {
        emitted = false;
    }

    Body[] particleGen() {
        if (emitted) {
            throw new Underflow();
        }
        emitted = true;
        return bodies;
    }

    static Force[] computeForces(Body[] particles) {
        Force[] forces = new Force[particles.length];
        for (int i = 0; i < particles.length; i++) {
            forces[i] = computeParticleForces(particles[i], particles);
        }
        return forces;
    }

    // The force on `p` from every body; the softening term makes a body's force on itself
    // zero, so no test for "same body" is needed.
    static Force computeParticleForces(Body p, Body[] particles) {
        double fx = 0;
        double fy = 0;
        double fz = 0;
        for (int j = 0; j < particles.length; j++) {
            Body q = particles[j];
            double dx = q.x - p.x;
            double dy = q.y - p.y;
            double dz = q.z - p.z;
            double d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
            double inv = 1.0 / Math.sqrt(d2);
            double s = q.mass * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        return new Force(fx, fy, fz);
    }

    static Body integrate(Body b, Force f, double dt) {
        double vx = b.vx + f.fx * dt;
        double vy = b.vy + f.fy * dt;
        double vz = b.vz + f.fz * dt;
        return new Body(b.x + vx * dt, b.y + vy * dt, b.z + vz * dt, vx, vy, vz, b.mass);
    }

    static void forceAccumulator(Force[] forces) {
        Body[] next = new Body[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            next[i] = integrate(bodies[i], forces[i], DT);
        }
        bodies = next;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Random random = new Random(2012);
        Body[] initial = new Body[n];
        for (int i = 0; i < n; i++) {
            initial[i] = new Body(random.nextDouble(), random.nextDouble(), random.nextDouble(),
                0.0, 0.0, 0.0, 0.001 * (0.5 + random.nextDouble()));
        }
        bodies = initial.clone();

        for (int step = 0; step < steps; step++) {
            NBodyDouble source = new NBodyDouble();
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
        for (int i = 0; i < bodies.length; i++) {
            Body b = bodies[i];
            sx += b.x;
            sy += b.y;
            sz += b.z;
            kinetic += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
        }
        System.out.println("nbody double n=" + n + " steps=" + steps);
        System.out.printf("centre %.4f %.4f %.4f%n", sx / n, sy / n, sz / n);
        System.out.printf("kinetic energy %.6e%n", kinetic);
    }
}

class Underflow extends RuntimeException {
}
