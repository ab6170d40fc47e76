// Command go-controller is the controller-runtime side of operator-ts's runtime benchmark: it reconciles
// bench.operator-ts.dev/v1 BenchItem objects exactly like e2e/bench/runtime/operator.mjs does, so the two
// runtimes can be compared on the same workload and the same envtest control plane.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap/zapcore"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

var benchItemGVK = schema.GroupVersionKind{Group: "bench.operator-ts.dev", Version: "v1", Kind: "BenchItem"}

func newBenchItem() *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(benchItemGVK)
	return u
}

// updateConflicts counts status updates the API server refused with 409 Conflict (the reconcile read an
// object older than the server's); the benchmark driver scrapes it like operator.mjs's counter of that name.
var updateConflicts = prometheus.NewCounter(prometheus.CounterOpts{
	Name: "bench_status_update_conflicts_total",
	Help: "Status updates refused with 409 Conflict",
})

// benchReconciler copies spec.value to status.observedValue through the status subresource.
type benchReconciler struct {
	client client.Client
}

func (r *benchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := newBenchItem()
	if err := r.client.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want, _, _ := unstructured.NestedInt64(obj.Object, "spec", "value")
	have, found, _ := unstructured.NestedInt64(obj.Object, "status", "observedValue")
	if found && have == want {
		return ctrl.Result{}, nil
	}
	if err := unstructured.SetNestedField(obj.Object, want, "status", "observedValue"); err != nil {
		return ctrl.Result{}, err
	}
	conditions := readConditions(obj)
	apimeta.SetStatusCondition(&conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		Reason:             "Observed",
		Message:            "status.observedValue matches spec.value",
		ObservedGeneration: obj.GetGeneration(),
	})
	if err := writeConditions(obj, conditions); err != nil {
		return ctrl.Result{}, err
	}
	err := r.client.Status().Update(ctx, obj)
	if apierrors.IsConflict(err) {
		updateConflicts.Inc()
	}
	return ctrl.Result{}, err
}

func readConditions(obj *unstructured.Unstructured) []metav1.Condition {
	raw, found, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	if !found {
		return nil
	}
	out := make([]metav1.Condition, 0, len(raw))
	for _, item := range raw {
		m, ok := item.(map[string]interface{})
		if !ok {
			continue
		}
		var c metav1.Condition
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(m, &c); err == nil {
			out = append(out, c)
		}
	}
	return out
}

func writeConditions(obj *unstructured.Unstructured, conditions []metav1.Condition) error {
	out := make([]interface{}, 0, len(conditions))
	for i := range conditions {
		m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&conditions[i])
		if err != nil {
			return err
		}
		out = append(out, m)
	}
	return unstructured.SetNestedSlice(obj.Object, out, "status", "conditions")
}

func main() {
	var workers int
	var qps float64
	var burst int
	var metricsAddr string
	var stripManagedFields bool
	flag.IntVar(&workers, "max-concurrent-reconciles", 4, "reconcile workers")
	flag.Float64Var(&qps, "qps", -1, "client QPS; -1 (the default of ctrl.GetConfig) turns client-side rate limiting off")
	flag.IntVar(&burst, "burst", 0, "client burst; 0 keeps client-go's default")
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "metrics address (0 disables)")
	flag.BoolVar(&stripManagedFields, "strip-managed-fields", false,
		"cache objects without metadata.managedFields (cache.TransformStripManagedFields)")
	flag.Parse()

	ctrl.SetLogger(zap.New(zap.UseDevMode(false), zap.Level(zapcore.ErrorLevel)))
	// As a kubebuilder project's main.go does (ctrl.GetConfigOrDie): $KUBECONFIG, and no client-side rate
	// limit (QPS -1) unless one is asked for, like operator-ts's client, which has none.
	cfg, err := ctrl.GetConfig()
	if err != nil {
		fail("kubeconfig", err)
	}
	cfg.QPS = float32(qps)
	if burst > 0 {
		cfg.Burst = burst
	}

	metrics.Registry.MustRegister(updateConflicts)
	cacheOptions := cache.Options{}
	if stripManagedFields {
		cacheOptions.DefaultTransform = cache.TransformStripManagedFields()
	}
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Cache: cacheOptions,
		// controller-runtime's client reads unstructured objects live from the API server unless told
		// otherwise; the reconciler reads BenchItems from the cache, as operator-ts's client does.
		Client:                 client.Options{Cache: &client.CacheOptions{Unstructured: true}},
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: "0",
		LeaderElection:         false,
	})
	if err != nil {
		fail("manager", err)
	}
	err = ctrl.NewControllerManagedBy(mgr).
		For(newBenchItem()).
		Named("benchitem").
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(&benchReconciler{client: mgr.GetClient()})
	if err != nil {
		fail("controller", err)
	}
	ctx := ctrl.SetupSignalHandler()
	go func() {
		// The driver waits for this line to measure idle RSS once the BenchItem cache has synced.
		informer, err := mgr.GetCache().GetInformer(ctx, newBenchItem())
		if err != nil {
			fail("informer", err)
		}
		for !informer.HasSynced() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
		fmt.Println("synced")
	}()
	if err := mgr.Start(ctx); err != nil {
		fail("start", err)
	}
}

func fail(what string, err error) {
	fmt.Fprintf(os.Stderr, "go-controller: %s: %v\n", what, err)
	os.Exit(1)
}
