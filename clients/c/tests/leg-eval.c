/*
 * leg-eval: animd-leg.h evaluated on legs read from standard input, one
 * evaluation per line, for the conformance tests (Tests/IntegrationTests/LegClientTests.swift):
 *
 *   cubic  x1 y1 x2 y2 from to startTime startX endX duration  t
 *   spring mass stiffness damping velocity from to startTime elapsed settlingTime  t
 *   driven t
 *
 * prints "progress velocity" (%.17g) or "driven" for each line, and exits 1 on a line it cannot read.
 */
#include <stdio.h>
#include <string.h>

#include "../animd-leg.h"

int main(void) {
    char kind[16];
    while (scanf("%15s", kind) == 1) {
        animd_leg leg;
        double t, progress, velocity;
        int read;
        memset(&leg, 0, sizeof leg);
        if (strcmp(kind, "cubic") == 0) {
            leg.kind = ANIMD_LEG_CUBIC;
            read = scanf("%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &leg.x1, &leg.y1, &leg.x2, &leg.y2, &leg.from, &leg.to,
                         &leg.start_time, &leg.start_x, &leg.end_x, &leg.duration, &t);
            if (read != 11) return 1;
        } else if (strcmp(kind, "spring") == 0) {
            leg.kind = ANIMD_LEG_SPRING;
            read = scanf("%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &leg.mass, &leg.stiffness, &leg.damping, &leg.velocity,
                         &leg.from, &leg.to, &leg.start_time, &leg.elapsed, &leg.settling_time, &t);
            if (read != 10) return 1;
        } else if (strcmp(kind, "driven") == 0) {
            if (scanf("%lf", &t) != 1) return 1;
        } else {
            return 1;
        }
        if (animd_leg_eval(&leg, t, &progress, &velocity)) printf("%.17g %.17g\n", progress, velocity);
        else printf("driven\n");
    }
    return 0;
}
