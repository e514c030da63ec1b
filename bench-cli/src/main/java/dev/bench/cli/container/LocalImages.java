package dev.bench.cli.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

import java.util.concurrent.TimeUnit;

/**
 * Makes sure an image is there before Testcontainers starts it: looked up locally first, else pulled
 * within {@value #PULL_SECONDS} s. Testcontainers' own pull retries for minutes where no registry
 * answers (this machine); the user should hear at once which image is missing and how to get it.
 */
final class LocalImages {

    /** A pull that hasn't finished by then is taken as failed: a slow registry is better found without us. */
    static final int PULL_SECONDS = 30;

    private LocalImages() {
    }

    /** @throws BenchException naming the image and how to pull or build it, when it is neither here nor pullable */
    static void require(String image) {
        DockerClient client = DockerClientFactory.instance().client();
        if (present(client, image)) {
            return;
        }
        String why;
        DockerImageName name = DockerImageName.parse(image);
        try (PullImageResultCallback pull = client.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart())
                .exec(new PullImageResultCallback())) {
            why = pull.awaitCompletion(PULL_SECONDS, TimeUnit.SECONDS) && present(client, image) ? null
                    : "no pull finished within " + PULL_SECONDS + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("--container: stopped while pulling " + image, e);
        } catch (NullPointerException e) {
            why = "the engine's pull failed"; // docker-java trips over podman's answer to a failed pull
        } catch (Exception e) {
            why = Failures.rootMessage(e);
        }
        if (why != null) {
            throw new BenchException("--container: image " + image + " is not here and could not be pulled (" + why
                    + "); pull it with 'docker pull " + image + "' or build it (on Debian: scripts/containers.sh)");
        }
    }

    private static boolean present(DockerClient client, String image) {
        try {
            client.inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
