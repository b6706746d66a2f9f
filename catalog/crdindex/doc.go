// Package crdindex is kval's catalog of well-known projects' CRDs: an
// index, kept as data (index.yaml, embedded), of where each project
// publishes the CRD of each of its kinds, resolved by group, kind and
// version, and the resolver (catalog.Resolver) that fetches a kind's file
// when no other source defines its group.
//
// Each project is pinned to one version; each file is named by its
// upstream URL (the file at the project's release tag) and its SHA-256,
// so a file is downloaded once into the URL cache of package crdsource
// and never asked for again, and a file that changed is refused. A local
// copy (a directory with the index's layout: index.yaml and
// PROJECT/VERSION/FILE, the projects' licenses beside them) serves with
// no network, read from disk (Resolver.Dir) or from a mirror that serves
// the same layout over HTTP (Resolver.Mirror); Resolver.Pull writes one
// (kval catalog pull).
//
// index.yaml is written by the refresh command (internal/refresh) from
// sources.yaml, the hand-written list of projects: it reads each
// project's files from the Go module proxy (a module zip holds the files
// of its tag unchanged, so their sums are those of the upstream URLs),
// and with -mirror writes the local copy.
package crdindex
