/* cloud_metadata.c - one HTTP/1.0 request to the instance metadata
 * service for the VM size (cloud_metadata.h). */
#include "workflow/cloud_metadata.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "lib/util.h"

#define MD_TIMEOUT_S 2
#define MD_MAX 65536

/* The service's address, or a 127.x.x.x mock named by the environment. */
static int md_addr(struct sockaddr_in *sa, char *err, size_t errlen)
{
	const char *env = getenv("IOPROBE_METADATA_ADDR");
	char host[64] = "169.254.169.254";
	const char *colon;
	unsigned long port = 80;

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	if (env && *env) {
		colon = strrchr(env, ':');
		if (!colon || (size_t)(colon - env) >= sizeof(host))
			return errf(err, errlen, EINVAL, "invalid "
				    "IOPROBE_METADATA_ADDR '%s': expected "
				    "127.0.0.1:PORT", env);
		memcpy(host, env, (size_t)(colon - env));
		host[colon - env] = '\0';
		port = strtoul(colon + 1, NULL, 10);
		if (strncmp(host, "127.", 4) || !port || port > 65535)
			return errf(err, errlen, EINVAL, "refused "
				    "IOPROBE_METADATA_ADDR '%s': only a "
				    "127.x.x.x address stands in for the "
				    "metadata service", env);
	}
	if (inet_pton(AF_INET, host, &sa->sin_addr) != 1)
		return errf(err, errlen, EINVAL, "invalid metadata address "
			    "'%s'", host);
	sa->sin_port = htons((uint16_t)port);
	return 0;
}

/* Send @req, read the answer into @buf; the status code or -errno. */
static int md_exchange(const char *req, char *buf, size_t len, char *err,
		       size_t errlen)
{
	struct timeval tv = { MD_TIMEOUT_S, 0 };
	struct sockaddr_in sa;
	size_t got = 0;
	ssize_t n;
	int fd, ret, code = 0;

	ret = md_addr(&sa, err, errlen);
	if (ret)
		return ret;
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return errf(err, errlen, errno, "socket: %s", strerror(errno));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    write_all(fd, req, strlen(req))) {
		ret = errno ? errno : EIO;
		close(fd);
		return errf(err, errlen, ret, "no answer from the metadata "
			    "service: %s", strerror(ret));
	}
	while (got + 1 < len &&
	       (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	if (sscanf(buf, "HTTP/%*d.%*d %d", &code) != 1)
		return errf(err, errlen, EPROTO, "the metadata service gave no "
			    "HTTP answer");
	return code;
}

/* The body of the answer in @buf, trimmed, into @out. */
static int md_body(const char *buf, char *out, size_t len)
{
	const char *b = strstr(buf, "\r\n\r\n");
	size_t n;

	if (!b)
		return -EPROTO;
	b += 4;
	n = strcspn(b, "\r\n");
	if (!n || n >= len)
		return -EPROTO;
	memcpy(out, b, n);
	out[n] = '\0';
	return 0;
}

static int md_get(const char *path, const char *header, char *out,
		  size_t len, char *err, size_t errlen)
{
	char req[1024], *buf = malloc(MD_MAX);
	int code;

	if (!buf)
		return -ENOMEM;
	snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\nHost: "
		 "169.254.169.254\r\n%s\r\n", path, header);
	code = md_exchange(req, buf, MD_MAX, err, errlen);
	if (code == 200 && md_body(buf, out, len))
		code = errf(err, errlen, EPROTO, "the metadata service's "
			    "answer to %s has no value", path);
	else if (code > 0 && code != 200)
		code = errf(err, errlen, EPROTO, "the metadata service "
			    "answered %d to %s", code, path);
	free(buf);
	return code < 0 ? code : 0;
}

static int aws_token(char *tok, size_t len)
{
	char *buf = malloc(MD_MAX), err[128];
	const char *req = "PUT /latest/api/token HTTP/1.0\r\nHost: "
			  "169.254.169.254\r\nX-aws-ec2-metadata-token-ttl-"
			  "seconds: 60\r\nContent-Length: 0\r\n\r\n";
	int ret = -ENOMEM;

	if (buf) {
		ret = md_exchange(req, buf, MD_MAX, err, sizeof(err));
		ret = ret == 200 ? md_body(buf, tok, len) : -EPROTO;
	}
	free(buf);
	return ret;
}

int cloud_metadata_vm(const char *provider, char *vm, size_t len,
		      char *err, size_t errlen)
{
	char tok[512], hdr[600], mt[256];
	const char *slash;
	int ret;

	if (!strcmp(provider, "azure"))
		return md_get("/metadata/instance/compute/vmSize?api-version="
			      "2021-02-01&format=text", "Metadata: true\r\n",
			      vm, len, err, errlen);
	if (!strcmp(provider, "aws")) {
		hdr[0] = '\0';
		if (!aws_token(tok, sizeof(tok)))
			snprintf(hdr, sizeof(hdr),
				 "X-aws-ec2-metadata-token: %s\r\n", tok);
		return md_get("/latest/meta-data/instance-type", hdr, vm, len,
			      err, errlen);
	}
	if (!strcmp(provider, "gcp")) {
		ret = md_get("/computeMetadata/v1/instance/machine-type",
			     "Metadata-Flavor: Google\r\n", mt, sizeof(mt),
			     err, errlen);
		if (ret)
			return ret;
		slash = strrchr(mt, '/');
		str_copy(vm, len, slash ? slash + 1 : mt);
		return 0;
	}
	return errf(err, errlen, ENOENT, "no cloud provider seen: nothing to "
		    "ask a metadata service");
}
