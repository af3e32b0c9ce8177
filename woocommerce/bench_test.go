package woocommerce

import (
	"testing"
)

func BenchmarkDecodeRESTFixture(b *testing.B) {
	data := readFixture(b, "woocommerce_rest_v3_products_list.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeRESTProducts(data, "USD"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeStoreFixture(b *testing.B) {
	data := readFixture(b, "woocommerce_store_api_v1_products_list.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := decodeStoreProducts(data); err != nil {
			b.Fatal(err)
		}
	}
}
