/* cloud_metadata.h - the VM size from the provider's instance metadata
 * service, asked only when the user says so (identify --metadata): the
 * one part of cloud detection that uses the network.
 *
 * The service is 169.254.169.254:80; $IOPROBE_METADATA_ADDR ("IP:PORT")
 * replaces it for tests, and only a 127.x.x.x address is accepted there,
 * so nothing but the link-local service or a local mock is ever asked.
 * Azure: /metadata/instance/compute/vmSize (Metadata: true); AWS: IMDSv2
 * token, then /latest/meta-data/instance-type; GCP: .../machine-type
 * (Metadata-Flavor: Google), its last path element.
 */
#ifndef IOPROBE_CLOUD_METADATA_H
#define IOPROBE_CLOUD_METADATA_H

#include <stddef.h>

/* The VM size of @provider ("azure", "aws", "gcp") into @vm.  0, or
 * -errno with @err filled (no answer in 2 s, a refused address, a status
 * other than 200). */
int cloud_metadata_vm(const char *provider, char *vm, size_t len,
		      char *err, size_t errlen);

#endif
