# kval's container image: a static binary on distroless, as a non-root user.
#   docker build -t ghcr.io/kval-dev/kval:dev .
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN GOWORK=off go mod download
COPY . .
RUN CGO_ENABLED=0 GOWORK=off go build -trimpath -ldflags=-s -o /kval ./cmd/kval

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /kval /kval
USER 65532:65532
ENTRYPOINT ["/kval"]
