package kvaltest

import (
	"fmt"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// kubeconfigName names the cluster, user and context of a server's kubeconfig.
const kubeconfigName = "kvaltest"

// Kubeconfig is a kubeconfig of the server, for what reads one (kubectl,
// a controller's --kubeconfig flag, clientcmd): one cluster, context and
// user named "kvaltest", the current context. The server needs no
// credentials.
func (s *Server) Kubeconfig() ([]byte, error) {
	data, err := clientcmd.Write(*s.kubeconfig())
	if err != nil {
		return nil, fmt.Errorf("kvaltest: writing a kubeconfig: %w", err)
	}
	return data, nil
}

// WriteKubeconfig writes the server's Kubeconfig to a file (mode 0600).
func (s *Server) WriteKubeconfig(path string) error {
	if err := clientcmd.WriteToFile(*s.kubeconfig(), path); err != nil {
		return fmt.Errorf("kvaltest: writing a kubeconfig to %s: %w", path, err)
	}
	return nil
}

func (s *Server) kubeconfig() *clientcmdapi.Config {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters[kubeconfigName] = &clientcmdapi.Cluster{Server: s.URL()}
	cfg.AuthInfos[kubeconfigName] = &clientcmdapi.AuthInfo{}
	cfg.Contexts[kubeconfigName] = &clientcmdapi.Context{Cluster: kubeconfigName, AuthInfo: kubeconfigName}
	cfg.CurrentContext = kubeconfigName
	return cfg
}
