// SPDX-License-Identifier: MIT
// A leg object from animd (docs/protocol.md, "The leg object") read into clients/c/animd-leg.h's struct, with every
// number range-checked as it enters: what animd could not have sent is refused with a message, never evaluated.
#pragma once

#include <QJsonObject>
#include <QString>
#include <optional>

#include "animd-leg.h"

namespace Animd {

struct LegReading {
    std::optional<animd_leg> leg;  // empty when refused
    QString error;                 // why, when refused
};

LegReading readLeg(const QJsonObject &object);

}  // namespace Animd
