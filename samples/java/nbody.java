// Java twin of nbody.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// N-Body in the style of the Lime paper (003) Figure 2. One simulation step is a task
// graph: a stateful source emits the current bodies, an isolated filter maps the force
// computation over them with `@`, and a sink integrates the forces into the next state.
// Bodies and forces are value types, so they may cross task edges; the filter worker
// `computeForces` and the `@` targets are `static local`.
//
// `NBody @ computeParticleForces(bodies, bodies)` maps over the first argument (a
// `Body[]` for a `Body` parameter) and broadcasts the second (a `Body[]` for a
// `Body[]` parameter), exactly as in the paper's line 11.
//
// Usage: nbody [N] [STEPS]   (default 256 bodies, 10 steps)

import java.util.Random;

final class Body {
    float x;
    float y;
    float z;
    float vx;
    float vy;
    float vz;
    float mass;

    Body(float x, float y, float z, float vx, float vy, float vz, float mass) {
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
    float fx;
    float fy;
    float fz;

    Force(float fx, float fy, float fz) {
        this.fx = fx;
        this.fy = fy;
        this.fz = fz;
    }
}

class NBody {

    static final float DT = 0.01f;
    static final float SOFTENING = 0.01f;

    // The state between steps; only the source and the sink touch it.
    static Body[] bodies;

    // Source state: whether this task has emitted its one item.
    boolean emitted;

    NBody() {
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
        float fx = 0;
        float fy = 0;
        float fz = 0;
        for (int j = 0; j < particles.length; j++) {
            Body q = particles[j];
            float dx = q.x - p.x;
            float dy = q.y - p.y;
            float dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
            float inv = (float) (1.0 / Math.sqrt(d2));
            float s = q.mass * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        return new Force(fx, fy, fz);
    }

    static Body integrate(Body b, Force f, float dt) {
        float vx = b.vx + f.fx * dt;
        float vy = b.vy + f.fy * dt;
        float vz = b.vz + f.fz * dt;
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
            initial[i] = new Body(random.nextFloat(), random.nextFloat(), random.nextFloat(),
                0f, 0f, 0f, 0.001f * (0.5f + random.nextFloat()));
        }
        bodies = initial.clone();

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
        for (int i = 0; i < bodies.length; i++) {
            Body b = bodies[i];
            sx += b.x;
            sy += b.y;
            sz += b.z;
            kinetic += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
        }
        System.out.println("nbody n=" + n + " steps=" + steps);
        System.out.printf("centre %.4f %.4f %.4f%n", sx / n, sy / n, sz / n);
        System.out.printf("kinetic energy %.6e%n", kinetic);
    }
}

class Underflow extends RuntimeException {
}
