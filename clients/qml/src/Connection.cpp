// SPDX-License-Identifier: MIT
#include "Connection.h"

#include <QJsonArray>
#include <QJSEngine>
#include <QJsonDocument>
#include <QTimer>
#include <cmath>
#include <sys/socket.h>
#include <unistd.h>

namespace Animd {
namespace {

// Reconnection waits: the first, and the longest it doubles up to (as the Python and GJS trackers).
constexpr int retryFirstMs = 100, retryMostMs = 5000;
// animd never sends a longer line; a peer that does is not animd.
constexpr qsizetype maxLine = 1 << 20;

}  // namespace

Connection::Connection(QObject *parent) : QObject(parent), waitMs_(retryFirstMs) {
    retry_.setSingleShot(true);
    connect(&retry_, &QTimer::timeout, this, &Connection::attempt);
    connect(&link_, &QLocalSocket::connected, this, &Connection::connectedToServer);
    connect(&link_, &QLocalSocket::readyRead, this, &Connection::readLines);
    connect(&link_, &QLocalSocket::disconnected, this, [this] { drop(QStringLiteral("animd closed the connection")); });
    connect(&link_, &QLocalSocket::errorOccurred, this, [this] { drop(link_.errorString()); });
    // Connect once QML has set the properties, whatever their order.
    QTimer::singleShot(0, this, &Connection::start);
}

Connection::~Connection() {
    // ~QLocalSocket aborts the socket, which emits `disconnected` and `errorOccurred`; QObject drops this object's
    // connections only after its members are destroyed, in reverse order, so drop() ran with retry_ and waiting_
    // already gone and took the QML runtime down on exit (issue 57). The socket is cut off from this object first.
    // The answers still waiting go unanswered: whoever asked is being torn down with the scene.
    link_.disconnect(this);
    retry_.stop();
    waiting_.clear();
    link_.abort();
}

void Connection::setSocket(const QString &socket) {
    if (socket == socket_) return;
    socket_ = socket;
    emit socketChanged();
}

void Connection::setClient(const QString &client) {
    if (client == client_) return;
    client_ = client;
    emit clientChanged();
}

QString Connection::resolvedSocket() const {
    if (!socket_.isEmpty()) return socket_;
    const QByteArray fromEnvironment = qgetenv("ANIMD_SOCKET");
    if (!fromEnvironment.isEmpty()) return QString::fromLocal8Bit(fromEnvironment);
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty()) return QString::fromLocal8Bit(runtime) + QStringLiteral("/animd.sock");
    return QStringLiteral("/tmp/animd-%1/animd.sock").arg(getuid());
}

void Connection::start() {
    if (started_) return;
    started_ = true;
    attempt();
}

void Connection::attempt() {
    buffer_.clear();
    link_.connectToServer(resolvedSocket());
}

void Connection::connectedToServer() {
    // A server of another user (a socket put in a shared folder) is not animd for us: refuse before trusting it.
    struct ucred peer {};
    socklen_t size = sizeof peer;
    if (getsockopt(int(link_.socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0 || peer.uid != getuid()) {
        drop(QStringLiteral("the server at %1 runs as another user: refused").arg(resolvedSocket()));
        return;
    }
    QJsonObject hello;
    if (!client_.isEmpty()) hello.insert(QStringLiteral("client"), client_);
    call(QStringLiteral("daemon.hello"), hello, [this](const QJsonValue &, const QString &error, bool) {
        if (!error.isEmpty()) return;
        waitMs_ = retryFirstMs;
        connected_ = true;
        emit connectedChanged();
        emit opened();
    });
}

void Connection::call(const QString &method, const QJsonObject &params, Answer answer) {
    if (!answer) answer = [](const QJsonValue &, const QString &, bool) {};
    if (link_.state() != QLocalSocket::ConnectedState) {
        answer({}, QStringLiteral("not connected to animd"), false);
        return;
    }
    const qint64 id = nextId_++;
    QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
    if (!params.isEmpty()) message.insert(QStringLiteral("params"), params);
    waiting_.insert(id, std::move(answer));
    link_.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
}

void Connection::request(const QString &method, const QVariantMap &params, const QJSValue &answered) {
    call(method, QJsonObject::fromVariantMap(params), [this, answered](const QJsonValue &result, const QString &error, bool) {
        QJSEngine *engine = qjsEngine(this);
        if (!answered.isCallable() || engine == nullptr) return;
        QJSValue callback = answered;
        if (error.isEmpty())
            callback.call({engine->toScriptValue(result.toVariant()), QJSValue(QJSValue::NullValue)});
        else
            callback.call({QJSValue(QJSValue::NullValue), QJSValue(error)});
    });
}

void Connection::readLines() {
    buffer_ += link_.readAll();
    qsizetype newline;
    while ((newline = buffer_.indexOf('\n')) >= 0) {
        const QByteArray line = buffer_.left(newline);
        buffer_.remove(0, newline + 1);
        if (!line.isEmpty()) take(line);
        if (link_.state() != QLocalSocket::ConnectedState) return;
    }
    if (buffer_.size() > maxLine) drop(QStringLiteral("animd sent a line longer than 1 MiB"));
}

void Connection::take(const QByteArray &line) {
    QJsonParseError problem{};
    const QJsonDocument document = QJsonDocument::fromJson(line, &problem);
    if (problem.error != QJsonParseError::NoError || !document.isObject()) {
        drop(QStringLiteral("animd sent something that is not a JSON-RPC object"));
        return;
    }
    const QJsonObject message = document.object();
    if (!message.contains(QLatin1String("id"))) {
        emit notification(message.value(QLatin1String("method")).toString(), message.value(QLatin1String("params")).toObject());
        return;
    }
    // Only the ids this connection sent are answers; anything else (1e308, -0, 0.5, a string) is checked before a cast
    // that could not hold it.
    const double id = message.value(QLatin1String("id")).toDouble(-1);
    if (!(id >= 1 && id < double(nextId_)) || id != std::floor(id)) return;
    const Answer answer = waiting_.take(qint64(id));
    if (!answer) return;
    if (message.contains(QLatin1String("error")))
        answer({}, message.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString(), true);
    else
        answer(message.value(QLatin1String("result")), {}, false);
}

void Connection::drop(const QString &message) {
    // Both `errorOccurred` and `disconnected` may come for one loss: the retry timer being set says it was handled.
    if (retry_.isActive()) return;
    retry_.start(waitMs_);
    waitMs_ = std::min(waitMs_ * 2, retryMostMs);
    const auto waiting = std::exchange(waiting_, {});
    for (const Answer &answer : waiting) answer({}, message, false);
    if (connected_) {
        connected_ = false;
        emit connectedChanged();
        emit lost(message);
    }
    if (link_.state() != QLocalSocket::UnconnectedState) link_.abort();
}

}  // namespace Animd
