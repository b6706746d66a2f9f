package mistagged

// BackupPolicy says when and where a database is backed up.
type BackupPolicy struct {
	Spec BackupPolicySpec `json:"spec"`
}

// BackupPolicySpec is the desired state of a BackupPolicy.
type BackupPolicySpec struct {
	// Schedule is a cron expression.
	// +k8s:required
	// +k8s:maxLength=64
	Schedule string `json:"schedule"`

	// RetentionDays is how long backups are kept; the server's default
	// applies when unset.
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=365 # the mistake: the hand-written rule allows 90
	RetentionDays *int32 `json:"retentionDays,omitempty"`

	// StorageClass of the backup volumes; backups already taken live
	// there, so it cannot change.
	// +k8s:optional
	// +k8s:immutable
	StorageClass string `json:"storageClass,omitempty"`

	// Targets are the buckets backups are copied to, one per name.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	Targets []BackupTarget `json:"targets,omitempty"`
}

// BackupTarget is one copy of every backup.
type BackupTarget struct {
	// Name identifies the target within the policy.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`

	// Bucket receives the copies.
	// +k8s:required
	Bucket string `json:"bucket"`
}
