/* SPDX-License-Identifier: MIT */
/*
 * animd-leg.h: evaluate animd's analytic legs in C (docs/protocol.md, "The leg object").
 *
 * A single header with no dependency but libm (link with -lm). Parse the leg
 * object of `transition.began`, `transition.leg` or an answer's snapshot with
 * your own JSON reader, fill an `animd_leg`, and call `animd_leg_eval` at the
 * instant you are about to present, on CLOCK_MONOTONIC seconds (the clock of
 * every `time` and `startTime` animd sends):
 *
 *     animd_leg leg = { .kind = ANIMD_LEG_SPRING, .mass = 1, ... };
 *     double progress, velocity;
 *     if (animd_leg_eval(&leg, now, &progress, &velocity))
 *         draw(progress);            // else: driven, draw the last frame's progress
 *
 * It computes exactly what animd computes for its own frames: the same
 * closed-form springs (with the same threshold between the three regimes)
 * and the same cubic Bézier solver.
 */
#ifndef ANIMD_LEG_H
#define ANIMD_LEG_H

#include <math.h>

typedef enum { ANIMD_LEG_DRIVEN = 0, ANIMD_LEG_CUBIC = 1, ANIMD_LEG_SPRING = 2 } animd_leg_kind;

typedef struct {
    animd_leg_kind kind;
    /* Both curve kinds: progress at the curve's start (y = 0, x = 1 for springs) and end, and the start time. */
    double from, to, start_time;
    /* cubic: the control points, the stretch of the curve's x it runs, and its duration in seconds. */
    double x1, y1, x2, y2, start_x, end_x, duration;
    /* spring: physical parameters, the relative initial velocity, spring time already run, settling time. */
    double mass, stiffness, damping, velocity, elapsed, settling_time;
} animd_leg;

/* ---- cubic Bézier (CSS Easing; Newton–Raphson, then bisection) ---- */

static inline double animd__poly(double a, double b, double c, double s) { return ((a * s + b) * s + c) * s; }
static inline double animd__dpoly(double a, double b, double c, double s) { return (3 * a * s + 2 * b) * s + c; }

static inline double animd__start_slope(const animd_leg *l) {
    if (l->x1 > 0) return l->y1 / l->x1;
    if (l->y1 == 0 && l->x2 > 0) return l->y2 / l->x2;
    return 0;
}

static inline double animd__end_slope(const animd_leg *l) {
    if (l->x2 < 1) return (l->y2 - 1) / (l->x2 - 1);
    if (l->y2 == 1 && l->x1 < 1) return (l->y1 - 1) / (l->x1 - 1);
    return 0;
}

/* The curve parameter s with x(s) = x, to 1e-12 in x. */
static inline double animd__parameter(const animd_leg *l, double x) {
    double cx = 3 * l->x1, bx = 3 * (l->x2 - l->x1) - cx, ax = 1 - cx - bx;
    double s = x, lo = 0, hi = 1;
    int i;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    for (i = 0; i < 8; i++) {
        double error = animd__poly(ax, bx, cx, s) - x, d;
        if (fabs(error) < 1e-12) return s;
        d = animd__dpoly(ax, bx, cx, s);
        if (fabs(d) < 1e-9) break;
        s -= error / d;
        if (s < 0 || s > 1) break;
    }
    s = x;
    for (i = 0; i < 64; i++) {
        double value = animd__poly(ax, bx, cx, s);
        if (fabs(value - x) < 1e-12) return s;
        if (value < x) lo = s; else hi = s;
        s = (lo + hi) / 2;
    }
    return s;
}

static inline double animd__bezier_y(const animd_leg *l, double x) {
    double cy = 3 * l->y1, by = 3 * (l->y2 - l->y1) - cy, ay = 1 - cy - by;
    if (x <= 0) return animd__start_slope(l) * x;
    if (x >= 1) return 1 + animd__end_slope(l) * (x - 1);
    return animd__poly(ay, by, cy, animd__parameter(l, x));
}

static inline double animd__bezier_slope(const animd_leg *l, double x) {
    double cx = 3 * l->x1, bx = 3 * (l->x2 - l->x1) - cx, ax = 1 - cx - bx;
    double cy = 3 * l->y1, by = 3 * (l->y2 - l->y1) - cy, ay = 1 - cy - by;
    double s, dx;
    if (x < 0) return animd__start_slope(l);
    if (x > 1) return animd__end_slope(l);
    s = animd__parameter(l, x);
    dx = animd__dpoly(ax, bx, cx, s);
    if (fabs(dx) < 1e-12) return s < 0.5 ? animd__start_slope(l) : animd__end_slope(l);
    return animd__dpoly(ay, by, cy, s) / dx;
}

/* ---- damped spring, closed form: m·x″ + c·x′ + k·x = 0, x(0) = 1, x′(0) = −v ---- */

static inline void animd__spring(const animd_leg *l, double tau, double *x, double *dx) {
    double omega0 = sqrt(l->stiffness / l->mass);
    double zeta = l->damping / (2 * sqrt(l->stiffness * l->mass));
    double v0 = l->velocity;
    if (tau == 0) { *x = 1; *dx = -v0; return; }
    if (fabs(zeta - 1) < 1e-12) {
        double b = omega0 - v0, e = exp(-omega0 * tau);
        *x = (1 + b * tau) * e;
        *dx = (b - omega0 * (1 + b * tau)) * e;
    } else if (zeta < 1) {
        double omega_d = omega0 * sqrt(1 - zeta * zeta), decay = zeta * omega0;
        double b = (decay - v0) / omega_d, e = exp(-decay * tau);
        double c = cos(omega_d * tau), s = sin(omega_d * tau);
        *x = e * (c + b * s);
        *dx = e * ((-decay + omega_d * b) * c + (-decay * b - omega_d) * s);
    } else {
        double root = omega0 * sqrt(zeta * zeta - 1);
        double r1 = -zeta * omega0 + root, r2 = -zeta * omega0 - root;
        double c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2;
        double e1 = exp(r1 * tau), e2 = exp(r2 * tau);
        *x = c1 * e1 + c2 * e2;
        *dx = c1 * r1 * e1 + c2 * r2 * e2;
    }
}

/*
 * The progress (snap-point space) and velocity (progress per second) at time t.
 * Returns 1, or 0 for a driven leg, whose position only frames tell.
 */
static inline int animd_leg_eval(const animd_leg *l, double t, double *progress, double *velocity) {
    double elapsed = t > l->start_time ? t - l->start_time : 0;
    if (l->kind == ANIMD_LEG_CUBIC) {
        double share = l->duration > 0 ? (elapsed / l->duration < 1 ? elapsed / l->duration : 1) : 1;
        double x = l->start_x + (l->end_x - l->start_x) * share;
        *progress = l->from + (l->to - l->from) * animd__bezier_y(l, x);
        *velocity = (l->duration > 0 && t < l->start_time + l->duration)
            ? (l->to - l->from) * animd__bezier_slope(l, x) * (l->end_x - l->start_x) / l->duration : 0;
        return 1;
    }
    if (l->kind == ANIMD_LEG_SPRING) {
        double tau = l->elapsed + elapsed, x, dx;
        if (tau >= l->settling_time) { *progress = l->to; *velocity = 0; return 1; }
        animd__spring(l, tau, &x, &dx);
        *progress = l->to - (l->to - l->from) * x;
        *velocity = -(l->to - l->from) * dx;
        return 1;
    }
    return 0;
}

/* When a curve leg comes to rest (seconds, CLOCK_MONOTONIC); 0 for a driven leg. */
static inline double animd_leg_end_time(const animd_leg *l) {
    if (l->kind == ANIMD_LEG_CUBIC) return l->start_time + l->duration;
    if (l->kind == ANIMD_LEG_SPRING) return l->start_time + (l->settling_time > l->elapsed ? l->settling_time - l->elapsed : 0);
    return 0;
}

#endif
