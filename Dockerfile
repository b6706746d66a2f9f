# kval's container image: a static binary on distroless, as a non-root user,
# with the local copy of kval's catalog of CRDs (testdata/catalog: the files
# catalog/crdindex/index.yaml names, each project's license beside them)
# baked in, so kinds of those projects validate with no network. No
# renderer: pipe kustomize build or helm template into `validate -`
# (docs/ci.md, Kustomize and Helm in the Action).
#   docker build -t ghcr.io/kval-dev/kval:dev .
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN GOWORK=off go mod download
COPY . .
RUN CGO_ENABLED=0 GOWORK=off go build -trimpath -ldflags=-s -o /kval ./cmd/kval

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /kval /kval
COPY --from=build /src/testdata/catalog /catalog
ENV KVAL_CATALOG_DIR=/catalog
USER 65532:65532
ENTRYPOINT ["/kval"]
